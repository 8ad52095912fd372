/**
 * Where the head is in a photo from above, and where its zones go: the head's ellipse from the person mask, moved onto
 * its scalp (off the face of a bowed selfie whose face is not found, by its hair, its light and the eyes the face
 * search saw). The top view measures in those zones.
 */
import type { Photo } from '../photo/photo.ts';
import { scalpMaps } from './scalp-maps.ts';
import { CENTRE_RADIUS, HEAD_RADIUS, headZones, type HeadEllipse, type ScalpZones } from './features.ts';
import type { PersonMask, ProbabilityMap } from '../types.ts';
import type { EyeLine, Point } from '#shared/tipped-face-geometry.ts';
import { FOREHEAD_SPANS, HAIR_PROBABILITY } from '../analysis-config.ts';

/** a person-mask pixel this sure or surer is the person */
const PERSON = 0.5;
/** a person mask covering less of the photo than this found no head worth placing zones on */
const MIN_HEAD_SHARE = 0.08;

/**
 * The head's ellipse from the person mask's moments (a uniform ellipse of half-axis r has standard deviation r/2), or
 * undefined when the mask holds no head.
 */
export function headFromMask(mask: PersonMask): HeadEllipse | undefined {
  let n = 0,
    sx = 0,
    sy = 0,
    sxx = 0,
    syy = 0;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (mask.data[y * mask.width + x]! < PERSON) continue;
      const fx = (x + 0.5) / mask.width,
        fy = (y + 0.5) / mask.height;
      n++;
      sx += fx;
      sy += fy;
      sxx += fx * fx;
      syy += fy * fy;
    }
  }
  if (n < MIN_HEAD_SHARE * mask.width * mask.height) return undefined;
  const cx = sx / n,
    cy = sy / n;
  const rx = 2 * Math.sqrt(Math.max(0, sxx / n - cx * cx)),
    ry = 2 * Math.sqrt(Math.max(0, syy / n - cy * cy));
  return { cx, cy, rx: Math.max(0.1, rx), ry: Math.max(0.1, ry) };
}

/**
 * The zones move by up to this many head radii whatever the mask: the gap between the crown disc and the head zone
 * (HEAD_RADIUS − CENTRE_RADIUS), so the disc stays inside the zone the person mask gave the head.
 */
const MAX_SHIFT = HEAD_RADIUS - CENTRE_RADIUS;
/**
 * Towards the hair they go on, up to the hair's centre, in steps of LEAN_STEP head radii while this share of the crown
 * disc stays on the person mask: a head photographed from the side holds the hair in one half and a disc 0.3 head
 * radii off the centre still lay half on the forehead. Measured on the dev top views with no face found (2026-11-28):
 * ρ of the shown crown coverage with the labels −0.786 → −0.815 on the bowed selfies (stage-2 mean 0.64 → 0.73),
 * −0.766 → −0.760 on the crown photos; 0.95 gave about the same, no cap at all on the disc −0.808 with discs off the
 * head (docs/benchmarks-log.md "Hairline analysis v4.6"). Where the person mask meets the photo's edge the head runs on
 * beyond it, so the disc may lean over that edge (discShares): 6 of the 186 dev bowed selfies with no face found moved,
 * each a little further onto the scalp (v4.7).
 */
const MIN_DISC_ON_HEAD = 0.9;
const LEAN_STEP = 0.05;
/** hair or bare head under this share of the head zone: no hair to lean towards (a full head of hair, a bald one) */
const MIN_PART_SHARE = 0.05;
/** the head zone is sampled on a grid of this many cells a side */
const HEAD_GRID = 64;
/**
 * A bald head leans towards its brightest cells, this share of the head zone. Chosen by eye on the 46 dev top views
 * with no face found and under MIN_PART_SHARE hair (2026-11-28): the brightest 30 % lie on the scalp in about 30 of 40
 * bald bowed selfies, against the eyes or brows in 3. Like the hair lean, the zones go MAX_SHIFT towards their centre at
 * once and then on while the disc stays on the head (leanWhileOnHead; until v4.8 they stopped at MAX_SHIFT): 25 of the
 * 186 dev bowed selfies and 3 crown photos moved 0.05-0.2 head radii further from the face, by eye further off the
 * brows or glasses on 9 (s6-0259a019ca21, s5-1a11c9a9c4c0, s7-5a3bb8737a39, s7-9659a5d8f3c8 …), none worse.
 */
const BRIGHT_SHARE = 0.3;
/**
 * The brightest are sought among the head's skin-hued cells (red above blue, Cr > Cb: skin of every tone, lit warm or
 * white), when at least this share of the head zone is: the person mask takes in a pale shirt or collar beside a bowed
 * head, brighter than the scalp, and it drew the crown disc onto the face of a dark-skinned bald man in a blue shirt
 * (s7-74ccec51c78b, s7-7ff0d3839114, s7-9659a5d8f3c8: onto his glasses; after, onto his scalp). 33 of the 186 dev
 * bowed selfies read from above moved, those three clearly better, none worse by eye (v4.7).
 */
const MIN_SKIN_HUED = 0.3;

/**
 * The head's zones moved onto its scalp. The person mask's head holds the face of a bowed selfie whose face the search
 * does not find (most of them: the face mesh does not read a face tipped that far) and the forehead of a front-top
 * photo cropped above the eyes; centred on the whole head, the crown disc lay on the eyes or the forehead (the stage-2
 * dev selfies showed 42 % hair on top on full heads of hair). Two cues say where the scalp is:
 * - on a head with hair, the hair's centre inside the head zone (the mask's own decision: its rims and patches on a bald
 *   scalp lie around it, not to one side); a crown ringed by hair and a full head of hair keep the head's centre;
 * - on a bald head, where the mask has no hair to go by, its brightest skin-hued part: the scalp of a bowed head faces
 *   the camera and the light, the face is turned away from both and holds the dark eyes, brows and nostrils.
 *   Brightness is read against the head's own, so skin tone does not move it; an evenly lit head keeps its centre. On
 *   a head with hair the hair cue is kept: dark hair is darker than the face (the bright lean put the disc on the brows
 *   there).
 * Then, where the face search saw the eyes of a face it could not read, the crown disc keeps clear of that face's
 * forehead (clearOfTheFace): the eyes say which side the face is on when neither the hair nor the light does.
 */
export async function zonesOnTheScalp(
  photo: Photo,
  head: HeadEllipse,
  mask: PersonMask,
  hair: ProbabilityMap,
  eyes?: EyesInFrame,
): Promise<ScalpZones> {
  const zones = await zonesByHairOrLight(photo, head, mask, hair);
  return eyes ? clearOfTheFace(zones, head, maskAt(mask), hair, eyes) : zones;
}

/** The eyes of a face below the scalp that the face search saw but could not read, in pixels of the frame it searched. */
export interface EyesInFrame {
  line: EyeLine;
  frame: { width: number; height: number };
}

/** where a face's nose is, this many eye spans below the eyes: never hair */
const NOSE_SPANS = 0.5;
/** the zones go at most this many head radii from the head's centre to stay clear of the face */
const MAX_CLEAR_SHIFT = 2;

/**
 * The zones moved, if they must, so that the crown disc stays beyond FOREHEAD_SPANS eye spans above the eyes, towards
 * the top of the head: the face's own up points to the scalp whatever the light and the hair (a bald head tipped down
 * with his brows and eyes in the frame had the disc on his forehead, the face lit as brightly as the scalp). The full
 * disc nearest the head's centre that fits on the head, else the largest smaller one (smallerDisc). Eyes both on the
 * hair mask's hair, or with hair between them and on the nose below (NOSE_SPANS), off the person or beyond the head's
 * centre are a misreading of hair, an ear or the scalp: ignored. One eye on hair is a face's (the mask marks a brow or a
 * glasses frame as hair), and so is hair between the eyes above a bare nose (a glasses bridge).
 */
function clearOfTheFace(
  zones: ScalpZones,
  head: HeadEllipse,
  onHead: (fx: number, fy: number) => boolean,
  hair: ProbabilityMap,
  { line, frame }: EyesInFrame,
): ScalpZones {
  const middle = { x: (line.rightEye.x + line.leftEye.x) / 2, y: (line.rightEye.y + line.leftEye.y) / 2 };
  const upFace = (spans: number) => ({
    x: middle.x + spans * line.span * line.up.x,
    y: middle.y + spans * line.span * line.up.y,
  });
  const inPhoto = (p: Point) => ({ x: p.x / frame.width, y: p.y / frame.height });
  const probability = hairProbabilityAt(hair);
  const onHair = (p: Point) => {
    const { x, y } = inPhoto(p);
    return probability(x, y) >= HAIR_PROBABILITY;
  };
  const between = inPhoto(middle);
  const misread = (onHair(middle) && onHair(upFace(-NOSE_SPANS))) || (onHair(line.rightEye) && onHair(line.leftEye));
  if (!onHead(between.x, between.y) || misread) return zones;
  const limit = inPhoto(upFace(FOREHEAD_SPANS));
  const from = inRadii(head, between),
    to = inRadii(head, limit);
  const length = Math.hypot(to.u - from.u, to.v - from.v);
  const ux = (to.u - from.u) / length,
    uy = (to.v - from.v) / length;
  if (from.u * ux + from.v * uy >= 0) return zones;
  const front = to.u * ux + to.v * uy;
  const placed = inRadii(head, { x: zones.head.cx, y: zones.head.cy });
  if (placed.u * ux + placed.v * uy - zones.crownRadius >= front - ROUNDING) return zones;
  for (let at = Math.max(0, front + CENTRE_RADIUS); at <= MAX_CLEAR_SHIFT; at += LEAN_STEP) {
    const moved = shifted(head, ux, uy, at);
    const shares = discShares(moved, onHead, CENTRE_RADIUS);
    if (shares.onHead >= MIN_DISC_ON_HEAD && shares.inPhoto >= MIN_DISC_IN_PHOTO)
      return { head: moved, crownRadius: CENTRE_RADIUS };
  }
  const lean = { from: Math.max(0, front + MIN_CROWN_RADIUS), to: MAX_CLEAR_SHIFT, front };
  return smallerDisc(head, ux, uy, lean, onHead) ?? zones;
}

/** the zones on the hair's centre, or on a bald head's lit side (zonesOnTheScalp) */
async function zonesByHairOrLight(
  photo: Photo,
  head: HeadEllipse,
  mask: PersonMask,
  hair: ProbabilityMap,
): Promise<ScalpZones> {
  const centred = { head, crownRadius: CENTRE_RADIUS };
  const onHead = maskAt(mask);
  const cells = headZones(HEAD_GRID, HEAD_GRID, head, onHead).head;
  const isHair = hairAt(hair, HEAD_GRID, HEAD_GRID);
  const onHair = cells.filter(isHair);
  if (cells.length === 0 || cells.length - onHair.length < MIN_PART_SHARE * cells.length) return centred;
  if (onHair.length >= MIN_PART_SHARE * cells.length) return leanOnHead(head, cells, isHair, onHead);
  const { maps } = await scalpMaps(photo);
  const pixel = pixelOfCell(maps, HEAD_GRID, HEAD_GRID);
  const read = (map: Float32Array) => (i: number) => map[pixel(i)]!;
  const luma = read(maps.luma),
    cb = read(maps.cb),
    cr = read(maps.cr);
  const skinHued = cells.filter((i) => cr(i) > cb(i));
  const pool = skinHued.length >= MIN_SKIN_HUED * cells.length ? skinHued : cells;
  const sorted = pool.map(luma).sort((a, b) => a - b);
  const cut = sorted[Math.floor(sorted.length * (1 - BRIGHT_SHARE))]!;
  const bright = pool.filter((i) => luma(i) > cut);
  if (bright.length === 0) return centred;
  const { ux, uy, distance } = offsetTo(head, bright);
  return { head: shifted(head, ux, uy, leanWhileOnHead(head, ux, uy, distance, onHead)), crownRadius: CENTRE_RADIUS };
}

/**
 * How far along (ux, uy) the zones go towards a point `distance` head radii away: MAX_SHIFT at once, then on in steps
 * of LEAN_STEP while the crown disc stays on the head.
 */
function leanWhileOnHead(
  head: HeadEllipse,
  ux: number,
  uy: number,
  distance: number,
  onHead: (fx: number, fy: number) => boolean,
): number {
  let by = Math.min(distance, MAX_SHIFT);
  for (let further = by + LEAN_STEP; further <= distance; further += LEAN_STEP) {
    if (discShares(shifted(head, ux, uy, further), onHead, CENTRE_RADIUS).onHead < MIN_DISC_ON_HEAD) break;
    by = further;
  }
  return by;
}

/**
 * Towards the hair's centre: MAX_SHIFT at once, then on while the crown disc stays on the head; then, if the disc still
 * reaches past where the hair begins on the side it came from (a head seen from the side: the forehead), a smaller one
 * placed on the hair (smallerDisc).
 */
function leanOnHead(
  head: HeadEllipse,
  cells: number[],
  isHair: (i: number) => boolean,
  onHead: (fx: number, fy: number) => boolean,
): ScalpZones {
  const { ux, uy, distance } = offsetTo(head, cells.filter(isHair));
  const by = leanWhileOnHead(head, ux, uy, distance, onHead);
  const leaned = { head: shifted(head, ux, uy, by), crownRadius: CENTRE_RADIUS };
  const front = hairBegins(head, cells, isHair, ux, uy, distance) - PAST_HAIR;
  if (by - CENTRE_RADIUS >= front) return leaned;
  return smallerDisc(head, ux, uy, { from: Math.min(distance, MAX_SHIFT), to: distance, front }, onHead) ?? leaned;
}

/**
 * The crown disc may reach this many head radii past where the hair begins (hairBegins), and shrinks down to
 * MIN_CROWN_RADIUS to keep to that; a smaller disc must lie at least MIN_DISC_IN_PHOTO inside the photo (a disc mostly
 * beyond the frame shows nothing). Among the places along the lean (MAX_SHIFT up to the hair's centre) the largest disc
 * that fits goes furthest onto the hair. Chosen by eye on the dev top views (2026-11-28): heads seen from the side
 * (the hair in a band along one side of the head, the forehead along the other) had the disc half on the forehead;
 * 75 of the 186 bowed selfies read from above and 9 of the 73 crown photos moved, all onto the scalp. ρ of the shown
 * crown coverage with the labels −0.818 → −0.826 (bowed selfies: stage-2 mean 0.73 → 0.83, stage 3 0.70 → 0.80,
 * stages 5-7 as they were), −0.760 → −0.756 (crown photos). Tried: the hair's 5 % quantile along the lean as where it
 * begins (a beard or sideburn on the face's side counts: two side heads stayed on the forehead), a slice counted as
 * hair from half hair (the thinning front of a crown photo counted as forehead: crowns −0.738), a 0.35 smallest disc
 * or 0.6 in the photo (the band of hair of a large head at the frame's edge found no disc).
 */
const PAST_HAIR = 0.1;
const MIN_CROWN_RADIUS = 0.3;
const MIN_DISC_IN_PHOTO = 0.4;
/** radii and distances are sums of LEAN_STEP in floating point: a bound met to within this is met */
const ROUNDING = 1e-9;
/** a slice across the lean, LEAN_STEP deep and the crown disc wide, is in the hair's band when this share is hair */
const HAIR_SLICE = 0.2;

/** the largest disc smaller than the crown disc, along the lean from `from` to `to`, whose edge stays ahead of front */
function smallerDisc(
  head: HeadEllipse,
  ux: number,
  uy: number,
  lean: { from: number; to: number; front: number },
  onHead: (fx: number, fy: number) => boolean,
): ScalpZones | undefined {
  let best: ScalpZones | undefined;
  for (let at = lean.from; at <= lean.to + ROUNDING; at += LEAN_STEP) {
    const moved = shifted(head, ux, uy, at);
    const fits = (r: number) => {
      const shares = discShares(moved, onHead, r);
      return shares.onHead >= MIN_DISC_ON_HEAD && shares.inPhoto >= MIN_DISC_IN_PHOTO;
    };
    let r = Math.min(CENTRE_RADIUS - LEAN_STEP, at - lean.front);
    while (r >= MIN_CROWN_RADIUS - ROUNDING && !fits(r)) r -= LEAN_STEP;
    if (r >= MIN_CROWN_RADIUS - ROUNDING && r >= (best?.crownRadius ?? 0) - ROUNDING)
      best = { head: moved, crownRadius: r };
  }
  return best;
}

/**
 * Where the hair begins along the lean (ux, uy), in head radii from the head's centre: from the hair's centre (`from`)
 * back through slices across the lean, as wide as the crown disc, while each is hair by HAIR_SLICE. A beard or sideburn
 * beyond the bare forehead is not reached.
 */
function hairBegins(
  head: HeadEllipse,
  cells: number[],
  isHair: (i: number) => boolean,
  ux: number,
  uy: number,
  from: number,
): number {
  const slices = new Map<number, { hair: number; all: number }>();
  for (const i of cells) {
    const { u, v } = inRadii(head, {
      x: ((i % HEAD_GRID) + 0.5) / HEAD_GRID,
      y: (Math.floor(i / HEAD_GRID) + 0.5) / HEAD_GRID,
    });
    if (Math.abs(v * ux - u * uy) > CENTRE_RADIUS) continue;
    const k = Math.floor((u * ux + v * uy) / LEAN_STEP);
    const slice = slices.get(k) ?? { hair: 0, all: 0 };
    slice.all++;
    if (isHair(i)) slice.hair++;
    slices.set(k, slice);
  }
  let k = Math.floor(from / LEAN_STEP);
  for (let slice = slices.get(k - 1); slice && slice.hair >= HAIR_SLICE * slice.all; slice = slices.get(k - 1)) k--;
  return k * LEAN_STEP;
}

/** points a side sampled over the crown disc's bounding box */
const DISC_SAMPLES = 32;

/**
 * The shares of a disc `radius` head radii across on the head and inside the photo, where a part beyond the photo's
 * edge counts as head when the person mask meets that edge there: the head runs on out of the photo (a bowed head whose
 * crown is cut off by the frame).
 */
function discShares(
  head: HeadEllipse,
  onHead: (fx: number, fy: number) => boolean,
  radius: number,
): { onHead: number; inPhoto: number } {
  let inDisc = 0,
    on = 0,
    inside = 0;
  for (let j = 0; j < DISC_SAMPLES; j++) {
    const v = ((j + 0.5) / DISC_SAMPLES) * 2 - 1;
    for (let i = 0; i < DISC_SAMPLES; i++) {
      const u = ((i + 0.5) / DISC_SAMPLES) * 2 - 1;
      if (u * u + v * v >= 1) continue;
      inDisc++;
      const fx = head.cx + u * radius * head.rx,
        fy = head.cy + v * radius * head.ry;
      if (onHead(fx, fy)) on++;
      if (fx >= 0 && fx <= 1 && fy >= 0 && fy <= 1) inside++;
    }
  }
  return { onHead: on / inDisc, inPhoto: inside / inDisc };
}

/** the direction (unit vector in head radii) and distance from the head's centre to the centre of some grid cells */
function offsetTo(head: HeadEllipse, cells: number[]): { ux: number; uy: number; distance: number } {
  const mean = (at: (i: number) => number) =>
    cells.reduce((sum, i) => sum + (at(i) + 0.5) / HEAD_GRID, 0) / cells.length;
  const dx = (mean((i) => i % HEAD_GRID) - head.cx) / head.rx,
    dy = (mean((i) => Math.floor(i / HEAD_GRID)) - head.cy) / head.ry;
  const distance = Math.hypot(dx, dy);
  return distance > 0 ? { ux: dx / distance, uy: dy / distance, distance } : { ux: 0, uy: 0, distance: 0 };
}

/** a point (fractions of the photo) in head radii from the head's centre */
function inRadii(head: HeadEllipse, p: Point): { u: number; v: number } {
  return { u: (p.x - head.cx) / head.rx, v: (p.y - head.cy) / head.ry };
}

/** the head moved `by` head radii along (ux, uy) */
function shifted(head: HeadEllipse, ux: number, uy: number, by: number): HeadEllipse {
  return { ...head, cx: head.cx + ux * by * head.rx, cy: head.cy + uy * by * head.ry };
}

/**
 * whether a point (fractions of the photo) lies on the person mask; a point past the photo's edge reads the mask at
 * that edge
 */
export function maskAt(mask: PersonMask) {
  const cell = cellAt(mask);
  return (fx: number, fy: number) => mask.data[cell(fx, fy)]! >= PERSON;
}

/** the map's probability at a point (fractions of the photo), as maskAt reads the person mask */
function hairProbabilityAt(map: ProbabilityMap): (fx: number, fy: number) => number {
  const cell = cellAt(map);
  return (fx, fy) => map.data[cell(fx, fy)]!;
}

/** the cell of a map stretched over the whole photo under a point (fractions of the photo), the edge's past it */
function cellAt(map: { width: number; height: number }): (fx: number, fy: number) => number {
  return (fx, fy) => {
    const x = Math.max(0, Math.min(map.width - 1, Math.floor(fx * map.width))),
      y = Math.max(0, Math.min(map.height - 1, Math.floor(fy * map.height)));
    return y * map.width + x;
  };
}

/** the pixel of a map (stretched over the whole photo) under the centre of cell i of a width × height grid */
function pixelOfCell(map: { width: number; height: number }, width: number, height: number): (i: number) => number {
  const cell = cellAt(map);
  return (i) => cell(((i % width) + 0.5) / width, (Math.floor(i / width) + 0.5) / height);
}

/** whether pixel i of a width × height image lies on hair by the gated map (stretched over the whole photo) */
export function hairAt(map: ProbabilityMap, width: number, height: number): (i: number) => boolean {
  const pixel = pixelOfCell(map, width, height);
  return (i) => map.data[pixel(i)]! >= HAIR_PROBABILITY;
}
