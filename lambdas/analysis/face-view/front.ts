/**
 * Front view: the frontal hairline traced inside the head as the upper edge of forehead skin, and the measurements taken
 * from it, all in face units (the middle facial third). Pure functions of a FaceGrid, so they are tested on synthetic grids.
 */
import { median } from '#shared/statistics.ts';
import { GRID_PER_UNIT, colOf, gridY, rowOf, type FaceGrid } from '../faces/face-grid.ts';
import { HAIR_PROBABILITY, STRAND_TEXTURE } from '../analysis-config.ts';

export const CLASS = { background: 0, skin: 1, hair: 2 } as const;

export interface FaceSkin {
  cb: number;
  cr: number;
  luma: number;
  spread: number;
}

const MIN_CHROMA_SPREAD = 3;
export const PERSON = 0.5;
/** hair must persist this far up (face units) to end the forehead, so a stray strand or wrinkle shadow does not */
const HAIR_RUN = 0.12;
const HAIR_RUN_SHARE = 0.7;
/** the forehead is searched from just above the brows */
export const SEARCH_FROM = 0.15;
/** hair found only this close under the head's outline is its soft edge against the background, not hair on top */
const OUTLINE_EDGE = 0.15;

/** Skin of the face itself: upper cheeks, nose bridge and the lower forehead (median, so a fringe or beard is outvoted). */
export function faceSkin(grid: FaceGrid): FaceSkin {
  const idx = faceSkinCells(grid);
  const cb = median(idx.map((i) => grid.cb[i]!));
  const cr = median(idx.map((i) => grid.cr[i]!));
  const luma = median(idx.map((i) => grid.luma[i]!));
  const dist = idx.map((i) => Math.hypot(grid.cb[i]! - cb, grid.cr[i]! - cr));
  return { cb, cr, luma, spread: Math.max(MIN_CHROMA_SPREAD, 1.4826 * median(dist)) };
}

/** the grid cells of the face's own skin that faceSkin reads: upper cheeks, nose bridge, lower forehead */
export function faceSkinCells(grid: FaceGrid): number[] {
  const idx: number[] = [];
  const patch = (x0: number, x1: number, y0: number, y1: number) => {
    for (let r = rowOf(y1); r <= rowOf(y0); r++) {
      for (let c = colOf(x0); c <= colOf(x1); c++) {
        const i = r * grid.cols + c;
        if (r >= 0 && r < grid.rows && c >= 0 && c < grid.cols && grid.inside[i]) idx.push(i);
      }
    }
  };
  patch(-0.75, -0.4, -0.95, -0.6);
  patch(0.4, 0.75, -0.95, -0.6);
  patch(-0.08, 0.08, -0.6, -0.15);
  patch(-0.35, 0.35, 0.05, 0.3);
  return idx;
}

/**
 * Hair where the hair model says so, the rest of the head skin, outside the head background. Colour plays no part:
 * dark skin is skin and grey hair is hair because the model learned them, not because of a luma or chroma rule (white
 * hair it misses is handed back to it shown dark, grey-hair.ts, and then decided by it as well).
 * Hair outside the person mask (volume the person model trims) still counts as hair.
 */
export function classify(grid: FaceGrid): Uint8Array {
  const out = new Uint8Array(grid.cols * grid.rows);
  for (let i = 0; i < out.length; i++) {
    if (!grid.inside[i]) continue;
    if (grid.hair[i]! >= HAIR_PROBABILITY) out[i] = CLASS.hair;
    else if (grid.person[i]! >= PERSON) out[i] = CLASS.skin;
  }
  return out;
}

/** chroma distance from the face's own skin, in units of its spread, beyond which a sample is not skin */
const SKIN_CHROMA_K = 3;
/** brighter than the face by this much: a highlight on bare skin, whose washed-out colour says nothing */
const HIGHLIGHT_REL_LUMA = 1.15;
/** far darker than the person's own face: not their forehead, whatever their skin tone (a dark hat, a band) */
const FOREIGN_REL_LUMA = 0.4;
/** the forehead box: this share of the face's half-width either side of the midline */
const FOREHEAD_HALF = 0.5;

/**
 * The share of the forehead (from just above the brows to the traced hairline, at the middle of the face) that is
 * neither hair nor anything the colour of the face's own skin: a hat brim, a band, a hand. The hair model does not see
 * those, so without this they would read as a tall bare forehead. Measured against the person's own cheeks, so any
 * skin tone is skin; highlights on bare skin are left out.
 */
export function foreignForeheadShare(
  grid: FaceGrid,
  classes: Uint8Array,
  trace: HairlineTrace,
  skin: FaceSkin,
): number {
  const w = FOREHEAD_HALF * grid.axes.halfWidth;
  let foreign = 0,
    n = 0;
  for (let c = Math.max(0, colOf(-w)); c <= Math.min(grid.cols - 1, colOf(w)); c++) {
    const top = trace.height[c];
    if (top === undefined) continue;
    for (let r = rowOf(top); r <= rowOf(SEARCH_FROM); r++) {
      const i = r * grid.cols + c;
      if (r < 0 || r >= grid.rows || classes[i] !== CLASS.skin) continue;
      n++;
      const d = Math.hypot(grid.cb[i]! - skin.cb, grid.cr[i]! - skin.cr) / skin.spread;
      const rel = grid.luma[i]! / skin.luma;
      if ((d > SKIN_CHROMA_K && rel < HIGHLIGHT_REL_LUMA) || rel < FOREIGN_REL_LUMA) foreign++;
    }
  }
  return n ? foreign / n : 0;
}

/**
 * How sure the hair model was above the brows, 0..1: the mean of |2p − 1| over the head there. A mask of
 * half-probabilities (an unusual photo, the scalp under thin hair) gives a low trust.
 */
export function maskCertainty(grid: FaceGrid, classes: Uint8Array): number {
  let sum = 0,
    n = 0;
  for (let r = 0; r <= rowOf(SEARCH_FROM); r++) {
    for (let c = 0; c < grid.cols; c++) {
      const i = r * grid.cols + c;
      if (classes[i] === CLASS.background) continue;
      sum += Math.abs(2 * grid.hair[i]! - 1);
      n++;
    }
  }
  return n ? sum / n : 0;
}

export interface HairlineTrace {
  /** per grid column: the hairline's height above the brow line (face units), undefined outside the head */
  height: (number | undefined)[];
  /** per grid column: the top of the head (person mask) above the brow line */
  headTop: (number | undefined)[];
  /** per grid column: true when forehead skin runs up to the top of the head (no hair on top there) */
  bare: boolean[];
}

/** Column by column, upward from just above the brows: where forehead skin gives way to hair that persists. */
export function traceFrontHairline(grid: FaceGrid, classes: Uint8Array): HairlineTrace {
  const run = Math.max(2, Math.round(HAIR_RUN * GRID_PER_UNIT));
  const start = rowOf(SEARCH_FROM);
  const height: (number | undefined)[] = [],
    headTop: (number | undefined)[] = [],
    bare: boolean[] = [];
  for (let c = 0; c < grid.cols; c++) {
    const at = (r: number) => classes[r * grid.cols + c]!;
    let top: number | undefined;
    for (let r = 0; r <= start; r++)
      if (at(r) !== CLASS.background) {
        top = r;
        break;
      }
    if (top === undefined) {
      height.push(undefined);
      headTop.push(undefined);
      bare.push(false);
      continue;
    }
    headTop.push(gridY(top));
    let found: number | undefined;
    for (let r = start; r >= top; r--) {
      let hair = 0,
        n = 0;
      for (let k = 0; k < run && r - k >= top; k++) {
        n++;
        if (at(r - k) === CLASS.hair) hair++;
      }
      if (n > 0 && hair / n >= HAIR_RUN_SHARE) {
        found = r;
        break;
      }
    }
    const atOutline = found === undefined || gridY(found) >= gridY(top) - OUTLINE_EDGE;
    height.push(atOutline ? gridY(top) : gridY(found!));
    bare.push(atOutline);
  }
  return { height: runningMedian(height, SMOOTH_COLUMNS), headTop, bare };
}

/** a single column's glint or shadow is not the hairline: each height becomes the median of its neighbourhood */
const SMOOTH_COLUMNS = 2;

function runningMedian(values: (number | undefined)[], half: number): (number | undefined)[] {
  return values.map((v, c) => {
    if (v === undefined) return undefined;
    const near = values
      .slice(Math.max(0, c - half), c + half + 1)
      .filter((x): x is number => x !== undefined)
      .sort((a, b) => a - b);
    return near[near.length >> 1];
  });
}

export interface FrontMeasurements {
  /** forehead height at the midline: brow line to hairline, in middle facial thirds (about 0.8 for a full hairline) */
  foreheadHeight: number;
  /** how much higher each temple corner sits than the midline hairline, in face units (left and right of the photo) */
  templeLeft: number;
  templeRight: number;
  /** share of hair in the band just behind the hairline (0..1) */
  frontalCoverage: number;
  /** share of hair on the top of the head (the upper 40% of the head above the brow line) (0..1) */
  topCoverage: number;
  /** log median strand texture of the hair behind the hairline */
  texture: number;
  /** share of the bare top that is a highlight (shine of bare scalp) */
  shine: number;
  /** share of the head's width (between the temples) where skin runs to the top of the head */
  bareWidth: number;
  /** how much hair stands above the hairline at the midline: the top of the head minus the hairline, in face units */
  hairDepth: number;
  /** share of bare skin in each temple corner (TEMPLE_CORNER), where a full hairline has hair (left and right of the photo) */
  templeBareLeft: number;
  templeBareRight: number;
}

/**
 * The temple corner: beside the forehead, from TEMPLE_CORNER.from to .to face half-widths out and from .low to .high face
 * units above the brow line. A full hairline comes down at the temples and fills it with hair; receding temples (the
 * first step of male-pattern loss, Norwood 2) leave it bare skin. On the dev portraits its bare share alone tells level
 * 1 from level 2 (AUC 0.86), where the corner's height did not (0.66).
 */
export const TEMPLE_CORNER = { from: 0.55, to: 0.95, low: 0.6, high: 1.0 } as const;

/** the band behind the hairline, in face units */
export const BAND_DEPTH = 0.5;

/**
 * A column's frontal band, [from, to) in face units above the brows: just behind the hairline; or, where skin runs to
 * the head's outline (no hairline), the scalp just inside the outline: above it lie only the outline's soft edge, which
 * the hair model marks as hair, and whatever is behind the head.
 */
export function frontalBand(trace: HairlineTrace, c: number): [number, number] | undefined {
  const h = trace.height[c],
    t = trace.headTop[c];
  if (h === undefined) return undefined;
  return trace.bare[c] && t !== undefined ? [t - BAND_DEPTH, t] : [h, h + BAND_DEPTH];
}
/** the top of the head: the upper part of each column of the head above the brow line, from this share of its height up */
export const TOP_SHARE = 0.6;
/** the temple corners are looked for this far from the midline, in face half-widths */
const TEMPLE_FROM = 0.45,
  TEMPLE_TO = 0.85;
const MID_HALF = 0.15;

export function measureFront(
  grid: FaceGrid,
  classes: Uint8Array,
  trace: HairlineTrace,
  skin: FaceSkin,
): FrontMeasurements {
  const w = grid.axes.halfWidth;
  const colsIn = (x0: number, x1: number) => {
    const out: number[] = [];
    for (let c = Math.max(0, colOf(x0)); c <= Math.min(grid.cols - 1, colOf(x1)); c++) out.push(c);
    return out;
  };
  const heights = (cs: number[]) => cs.map((c) => trace.height[c]).filter((h): h is number => h !== undefined);
  const mid = median(heights(colsIn(-MID_HALF * w, MID_HALF * w)));
  const corner = (cs: number[]) => {
    const h = heights(cs).sort((a, b) => a - b);
    return h.length ? h[Math.floor(0.8 * (h.length - 1))]! : mid;
  };
  const depth = median(
    colsIn(-MID_HALF * w, MID_HALF * w).flatMap((c) => {
      const h = trace.height[c],
        t = trace.headTop[c];
      return h === undefined || t === undefined ? [] : [t - h];
    }),
  );
  const left = corner(colsIn(-TEMPLE_TO * w, -TEMPLE_FROM * w));
  const right = corner(colsIn(TEMPLE_FROM * w, TEMPLE_TO * w));

  let bandHair = 0,
    bandAll = 0,
    topHair = 0,
    topAll = 0,
    shine = 0,
    bareSkin = 0;
  const bandTexture: number[] = [];
  const across = colsIn(-0.7 * w, 0.7 * w);
  for (const c of across) {
    const band = frontalBand(trace, c);
    if (band === undefined) continue;
    for (let r = 0; r < grid.rows; r++) {
      const y = gridY(r),
        i = r * grid.cols + c,
        k = classes[i]!;
      if (k === CLASS.background) continue;
      if (y >= band[0] && y < band[1]) {
        bandAll++;
        if (k === CLASS.hair) {
          bandHair++;
          bandTexture.push(grid.texture[i]!);
        }
      }
      const t = trace.headTop[c];
      if (t !== undefined && y >= TOP_SHARE * t) {
        topAll++;
        if (k === CLASS.hair || grid.texture[i]! >= STRAND_TEXTURE) topHair++;
        else {
          bareSkin++;
          if (grid.luma[i]! > 1.15 * skin.luma) shine++;
        }
      }
    }
  }
  const temples = colsIn(-TEMPLE_TO * w, TEMPLE_TO * w);
  const templeBare = (sign: number) => {
    let bare = 0,
      all = 0;
    for (const c of colsIn(
      Math.min(sign * TEMPLE_CORNER.from, sign * TEMPLE_CORNER.to) * w,
      Math.max(sign * TEMPLE_CORNER.from, sign * TEMPLE_CORNER.to) * w,
    )) {
      for (
        let r = Math.max(0, rowOf(TEMPLE_CORNER.high));
        r <= Math.min(grid.rows - 1, rowOf(TEMPLE_CORNER.low));
        r++
      ) {
        const k = classes[r * grid.cols + c]!;
        if (k === CLASS.background) continue;
        all++;
        if (k === CLASS.skin) bare++;
      }
    }
    return all ? bare / all : 0;
  };
  return {
    templeBareLeft: templeBare(-1),
    templeBareRight: templeBare(1),
    foreheadHeight: mid,
    templeLeft: left - mid,
    templeRight: right - mid,
    frontalCoverage: bandAll ? bandHair / bandAll : 0,
    topCoverage: topAll ? topHair / topAll : 0,
    texture: Math.log((bandTexture.length ? median(bandTexture) : 0) + 0.01),
    shine: bareSkin ? shine / bareSkin : 0,
    bareWidth: temples.filter((c) => trace.bare[c]).length / Math.max(1, temples.length),
    hairDepth: Number.isFinite(depth) ? depth : 0,
  };
}
