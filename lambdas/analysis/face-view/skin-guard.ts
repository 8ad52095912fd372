/**
 * Skin is not hair in dim light. In a dim, warm, noisy photo the hair model can mark a bare scalp as hair from the
 * crown down to the brows (a dark, shiny scalp worst: a bald dark-skinned man indoors scored 79 "W Rizz"). The face
 * itself is the reference: the same light falls on the forehead, the cheeks and the scalp, so bare scalp reads like the
 * face's own skin, in brightness (not much darker than the face; a highlight brighter), in colour (the face's
 * chromaticity: chroma over luma, so the light's level does not move it) and in texture (as smooth as the face, the
 * sensor's noise included), while hair of any colour is textured by its strands, and dark hair is darker than the face.
 * When most of the "hair" on the top of the head reads as the face's skin, and the hair model was unsure of it, those
 * cells are skin. A head of hair, whatever its colour or the skin's, keeps its mask: the guard decides per photo first.
 */
import { median } from '#shared/statistics.ts';
import { SKIN_GUARD } from '../analysis-config.ts';
import { GRID_PER_UNIT, colOf, fromImage, rowOf, type FaceGrid } from '../faces/face-grid.ts';
import type { Point, ProbabilityMap } from '../types.ts';
import {
  CLASS,
  PERSON,
  SEARCH_FROM,
  TEMPLE_CORNER,
  faceSkinCells,
  traceFrontHairline,
  type FaceSkin,
  type HairlineTrace,
} from './front.ts';

/** What the guard read on the top of the head (measurements.skinGuard): shares of the mask's hair there. */
export interface SkinGuardReading {
  /** share of the hair the mask finds on the top of the head that reads as the face's own skin */
  skinLikeShare: number;
  /** the hair model's median probability over that hair: about 1 on real hair */
  hairCertainty: number;
  /** grid cells of the mask's hair taken back: beyond the head's outline (backdrop), and on the head (skin) */
  beyondHead: number;
  onHead: number;
}

/** luma below which a pixel's chromaticity is noise: chroma over luma is read from here up */
const MIN_CHROMATICITY_LUMA = 16;

/** chroma over luma (Cb and Cr from their neutral 128): the hue and saturation of a surface, whatever the light's level */
export const chromaticity = (cb: number, cr: number, luma: number) => {
  const l = Math.max(MIN_CHROMATICITY_LUMA, luma);
  return { u: (cb - 128) / l, v: (cr - 128) / l };
};

/** the face's own skin as the guard compares with it: its chromaticity, that chromaticity's spread, its texture */
interface SkinReference {
  luma: number;
  u: number;
  v: number;
  spread: number;
  texture: number;
}

function skinReference(grid: FaceGrid, skin: FaceSkin): SkinReference {
  const cells = faceSkinCells(grid);
  const { u, v } = chromaticity(skin.cb, skin.cr, skin.luma);
  const dist = cells.map((i) => {
    const c = chromaticity(grid.cb[i]!, grid.cr[i]!, grid.luma[i]!);
    return Math.hypot(c.u - u, c.v - v);
  });
  return {
    luma: skin.luma,
    u,
    v,
    spread: Math.max(SKIN_GUARD.minChromaticitySpread, 1.4826 * median(dist)),
    texture: median(cells.map((i) => grid.texture[i]!)),
  };
}

/** a cell that reads as the face's own skin: as smooth, not much darker, of its colour (a highlight's washed out) */
function skinLike(grid: FaceGrid, i: number, ref: SkinReference): boolean {
  if (grid.texture[i]! > SKIN_GUARD.maxTexture * ref.texture) return false;
  const rel = grid.luma[i]! / ref.luma;
  if (rel < SKIN_GUARD.minRelLuma) return false;
  if (rel >= SKIN_GUARD.highlightRelLuma) return true;
  const c = chromaticity(grid.cb[i]!, grid.cr[i]!, grid.luma[i]!);
  return Math.hypot(c.u - ref.u, c.v - ref.v) <= SKIN_GUARD.maxChromaticity * ref.spread;
}

/**
 * The cells of the top of the head: from just above the brows to the head's outline, `halfWidth` face half-widths
 * either side of the midline (the guard reads them, and grey-hair.ts)
 */
export function topCells(grid: FaceGrid, trace: HairlineTrace, halfWidth: number): number[] {
  const w = halfWidth * grid.axes.halfWidth;
  const out: number[] = [];
  for (let c = Math.max(0, colOf(-w)); c <= Math.min(grid.cols - 1, colOf(w)); c++) {
    const top = trace.headTop[c];
    if (top === undefined) continue;
    for (let r = Math.max(0, rowOf(top)); r <= Math.min(grid.rows - 1, rowOf(SEARCH_FROM)); r++)
      out.push(r * grid.cols + c);
  }
  return out;
}

/**
 * The classes with what the hair mask wrongly calls hair on and above a bare head taken back, and what the guard read:
 * - beyond the head: hair outside the person mask in a column whose hair on the head (inside the person mask) is only
 *   a rim, under SKIN_GUARD.rim face units deep, is the backdrop (in dim light a dark wall or a lit building above a
 *   bald head reads as hair to the model, and the hairline was traced at the skull's top). Hair the person model trims
 *   off a full head continues hair on the head, and stays;
 * - on the head: when most of the mask's hair on the top of the head reads as the face's own skin and the mask was
 *   unsure of it, those cells are skin.
 */
export function guardSkinAsHair(grid: FaceGrid, masked: Uint8Array, skin: FaceSkin): SkinGuard {
  const classes = masked.slice();
  const beyondHead = dropHairBeyondHead(grid, classes);
  const ref = skinReference(grid, skin);
  const hair = topCells(grid, traceFrontHairline(grid, classes), SKIN_GUARD.halfWidth).filter(
    (i) => classes[i] === CLASS.hair,
  );
  const like = hair.filter((i) => skinLike(grid, i, ref));
  const skinLikeShare = hair.length ? like.length / hair.length : 0;
  const hairCertainty = hair.length ? median(hair.map((i) => grid.hair[i]!)) : 1;
  const applies =
    hair.length >= SKIN_GUARD.minCells &&
    skinLikeShare >= SKIN_GUARD.minSkinLikeShare &&
    hairCertainty < SKIN_GUARD.maxHairCertainty;
  if (applies) for (const i of like) classes[i] = CLASS.skin;
  const takenBack = new Uint8Array(classes.length);
  for (let i = 0; i < classes.length; i++) takenBack[i] = masked[i] === CLASS.hair && classes[i] !== CLASS.hair ? 1 : 0;
  return {
    classes,
    takenBack,
    reading: { skinLikeShare, hairCertainty, beyondHead, onHead: applies ? like.length : 0 },
  };
}

/** the grid cells taken back, with the grid's geometry and the frame (pixels) it was sampled on */
export interface HairTakenBack {
  grid: Pick<FaceGrid, 'axes' | 'cols' | 'rows'>;
  cells: Uint8Array;
  frame: { width: number; height: number };
}

/** The guard's outcome: the classes the face view measures, the grid cells taken back from the mask, what it read. */
export interface SkinGuard {
  classes: Uint8Array;
  takenBack: Uint8Array;
  reading: SkinGuardReading;
}

/**
 * Another hair map of the same photo with the guard's cells taken back (probability 0): the head pass's map, whose
 * encoder the front score pools over the head's hair (head-encoder.ts), must not pool over the scalp or the backdrop the
 * face view no longer calls hair. `toWork` places a pixel of the map in the working frame the grid was sampled on.
 */
export function withoutTakenBack(
  hair: ProbabilityMap,
  grid: Pick<FaceGrid, 'axes' | 'cols' | 'rows'>,
  takenBack: Uint8Array,
  toWork: (x: number, y: number) => Point,
): ProbabilityMap {
  if (!takenBack.some((t) => t)) return hair;
  const data = hair.data.slice();
  for (let y = 0; y < hair.height; y++) {
    for (let x = 0; x < hair.width; x++) {
      const f = fromImage(grid.axes, toWork(x + 0.5, y + 0.5));
      const c = colOf(f.x),
        r = rowOf(f.y);
      if (c >= 0 && c < grid.cols && r >= 0 && r < grid.rows && takenBack[r * grid.cols + c])
        data[y * hair.width + x] = 0;
    }
  }
  return { data, width: hair.width, height: hair.height };
}

/**
 * Hair outside the person mask in a column of the head (out to the temple corners) holding only a rim of hair on the
 * head → background; how many cells.
 */
function dropHairBeyondHead(grid: FaceGrid, classes: Uint8Array): number {
  const rim = SKIN_GUARD.rim * GRID_PER_UNIT;
  const last = Math.min(grid.rows - 1, rowOf(SEARCH_FROM));
  // as far out as any measurement reads (the temple corners); beyond, the head's side is a sliver of each column
  const w = TEMPLE_CORNER.to * grid.axes.halfWidth;
  let dropped = 0;
  for (let c = Math.max(0, colOf(-w)); c <= Math.min(grid.cols - 1, colOf(w)); c++) {
    let onHead = 0;
    for (let r = 0; r <= last; r++) {
      const i = r * grid.cols + c;
      if (classes[i] === CLASS.hair && grid.person[i]! >= PERSON) onHead++;
    }
    if (onHead >= rim) continue;
    for (let r = 0; r <= last; r++) {
      const i = r * grid.cols + c;
      if (classes[i] === CLASS.hair && grid.person[i]! < PERSON) {
        classes[i] = CLASS.background;
        dropped++;
      }
    }
  }
  return dropped;
}
