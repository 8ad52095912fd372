/**
 * A face-aligned sampling grid: the photo, its texture and the person mask resampled into coordinates measured in units
 * of the face's middle third (brow line to the base of the nose), x across the face and y up from the brow line. In it a
 * tilted head is upright and every distance is already a proportion of the face, so a close selfie and a distant
 * portrait read alike.
 */
import type { PixelMaps } from '../photo/pixels.ts';
import type { PersonMask, Point, ProbabilityMap } from '../types.ts';

/** samples per face unit: fine enough for a temple corner, coarse enough to be quick */
export const GRID_PER_UNIT = 24;
/** how far the grid reaches, in face units: across from the midline, below and above the brow line */
export const GRID_HALF_WIDTH = 1.9;
export const GRID_BELOW = 1.0;
export const GRID_ABOVE = 3.4;

export interface FaceAxes {
  /** the brow line's midpoint, in pixels of the maps */
  origin: Point;
  /** unit vector up the face (from the nose towards the brows), in image pixels */
  up: Point;
  /** pixels of the maps per face unit across the face (the middle facial third, brow line to the base of the nose, as it would look from the front) */
  unit: number;
  /** pixels per face unit below the brow line (the face itself) and above it (the forehead and scalp): both equal `unit` for a face seen from the front; see pitch.ts for a head tipped down */
  unitBelow: number;
  unitAbove: number;
  /** half the face's width at the cheekbones, in face units */
  halfWidth: number;
}

export interface FaceGrid {
  axes: FaceAxes;
  cols: number;
  rows: number;
  luma: Float32Array;
  cb: Float32Array;
  cr: Float32Array;
  texture: Float32Array;
  /** 0..1 person probability */
  person: Float32Array;
  /** 0..1 hair probability from the hair model's mask */
  hair: Float32Array;
  /** false where the sample falls outside the photo */
  inside: Uint8Array;
}

/** grid column/row → face units (x right, y up from the brow line) */
export const gridX = (col: number) => col / GRID_PER_UNIT - GRID_HALF_WIDTH;
export const gridY = (row: number) => GRID_ABOVE - row / GRID_PER_UNIT;
export const colOf = (x: number) => Math.round((x + GRID_HALF_WIDTH) * GRID_PER_UNIT);
export const rowOf = (y: number) => Math.round((GRID_ABOVE - y) * GRID_PER_UNIT);

/** face units → pixels of the maps */
export function toImage(axes: FaceAxes, x: number, y: number): Point {
  const right = { x: -axes.up.y, y: axes.up.x };
  const across = axes.unit * x,
    along = (y >= 0 ? axes.unitAbove : axes.unitBelow) * y;
  return {
    x: axes.origin.x + across * right.x + along * axes.up.x,
    y: axes.origin.y + across * right.y + along * axes.up.y,
  };
}

/** pixels of the maps → face units: toImage's inverse */
export function fromImage(axes: FaceAxes, p: Point): { x: number; y: number } {
  const dx = p.x - axes.origin.x,
    dy = p.y - axes.origin.y;
  const along = dx * axes.up.x + dy * axes.up.y;
  const across = dx * -axes.up.y + dy * axes.up.x;
  return { x: across / axes.unit, y: along / (along >= 0 ? axes.unitAbove : axes.unitBelow) };
}

/**
 * The face's axes from mesh landmarks (brows, nose base, cheek extremes), in the coordinates of the maps. `scales`
 * undoes a head tipped down (pitch.ts): the measured middle third is shortened and the forehead lengthened.
 */
export function faceAxes(lm: Record<string, Point>, scales = { across: 1, below: 1, above: 1 }): FaceAxes | undefined {
  const { browLeft, browRight, noseBase, cheekLeft, cheekRight } = lm;
  if (!browLeft || !browRight || !noseBase || !cheekLeft || !cheekRight) return undefined;
  const origin = { x: (browLeft.x + browRight.x) / 2, y: (browLeft.y + browRight.y) / 2 };
  const dx = origin.x - noseBase.x,
    dy = origin.y - noseBase.y;
  const measured = Math.hypot(dx, dy);
  if (measured < 4) return undefined;
  const unit = measured * scales.across;
  const halfWidth = Math.hypot(cheekRight.x - cheekLeft.x, cheekRight.y - cheekLeft.y) / 2 / unit;
  return {
    origin,
    up: { x: dx / measured, y: dy / measured },
    unit,
    unitBelow: measured * scales.below,
    unitAbove: measured * scales.above,
    halfWidth,
  };
}

export function sampleFaceGrid(maps: PixelMaps, mask: PersonMask, hair: ProbabilityMap, axes: FaceAxes): FaceGrid {
  const cols = Math.round(2 * GRID_HALF_WIDTH * GRID_PER_UNIT) + 1;
  const rows = Math.round((GRID_ABOVE + GRID_BELOW) * GRID_PER_UNIT) + 1;
  const n = cols * rows;
  const grid: FaceGrid = {
    axes,
    cols,
    rows,
    luma: new Float32Array(n),
    cb: new Float32Array(n),
    cr: new Float32Array(n),
    texture: new Float32Array(n),
    person: new Float32Array(n),
    hair: new Float32Array(n),
    inside: new Uint8Array(n),
  };
  const sx = mask.width / maps.width,
    sy = mask.height / maps.height;
  const hx = hair.width / maps.width,
    hy = hair.height / maps.height;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const p = toImage(axes, gridX(c), gridY(r));
      const i = r * cols + c;
      if (p.x < 0 || p.y < 0 || p.x > maps.width - 1 || p.y > maps.height - 1) continue;
      grid.inside[i] = 1;
      grid.luma[i] = bilinear(maps.luma, maps.width, maps.height, p.x, p.y);
      grid.cb[i] = bilinear(maps.cb, maps.width, maps.height, p.x, p.y);
      grid.cr[i] = bilinear(maps.cr, maps.width, maps.height, p.x, p.y);
      grid.texture[i] = bilinear(maps.texture, maps.width, maps.height, p.x, p.y);
      grid.person[i] = bilinear(mask.data, mask.width, mask.height, (p.x + 0.5) * sx - 0.5, (p.y + 0.5) * sy - 0.5);
      grid.hair[i] = bilinear(hair.data, hair.width, hair.height, (p.x + 0.5) * hx - 0.5, (p.y + 0.5) * hy - 0.5);
    }
  }
  return grid;
}

function bilinear(src: Float32Array, w: number, h: number, x: number, y: number): number {
  const cx = Math.min(w - 1, Math.max(0, x)),
    cy = Math.min(h - 1, Math.max(0, y));
  const x0 = Math.floor(cx),
    y0 = Math.floor(cy);
  const x1 = Math.min(w - 1, x0 + 1),
    y1 = Math.min(h - 1, y0 + 1);
  const fx = cx - x0,
    fy = cy - y0;
  const top = src[y0 * w + x0]! * (1 - fx) + src[y0 * w + x1]! * fx;
  const bottom = src[y1 * w + x0]! * (1 - fx) + src[y1 * w + x1]! * fx;
  return top * (1 - fy) + bottom * fy;
}
