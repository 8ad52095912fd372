/**
 * The hair mask's outline for the overlay, so the user sees what the engine called hair: the 0.5 contour of the hair
 * probability (marching squares on a coarse copy of the map), as segments in fractions of the photo.
 */
import type { Point, ProbabilityMap } from '../types.ts';

/** cells across the coarse map: fine enough to follow a temple corner at overlay size, few enough for a small SVG */
export const OUTLINE_CELLS = 96;

/** the map averaged down to cells × cells */
function coarse(map: ProbabilityMap, cells: number): Float32Array {
  const out = new Float32Array(cells * cells);
  const count = new Uint16Array(cells * cells);
  for (let y = 0; y < map.height; y++) {
    const cy = Math.min(cells - 1, Math.floor((y * cells) / map.height));
    for (let x = 0; x < map.width; x++) {
      const k = cy * cells + Math.min(cells - 1, Math.floor((x * cells) / map.width));
      out[k]! += map.data[y * map.width + x]!;
      count[k]! += 1;
    }
  }
  for (let k = 0; k < out.length; k++) out[k]! /= Math.max(1, count[k]!);
  return out;
}

/** The contour segments where the probability crosses `level`, with linear interpolation along each cell edge. */
export function maskOutline(map: ProbabilityMap, level = 0.5, cells = OUTLINE_CELLS): [Point, Point][] {
  const v = coarse(map, cells);
  const at = (x: number, y: number) => v[y * cells + x]!;
  // sample centres in fractions of the photo
  const fx = (x: number) => (x + 0.5) / cells;
  const cross = (a: Point, va: number, b: Point, vb: number): Point => {
    const t = (level - va) / (vb - va);
    return { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) };
  };
  const out: [Point, Point][] = [];
  for (let y = 0; y + 1 < cells; y++) {
    for (let x = 0; x + 1 < cells; x++) {
      const corners = [
        { p: { x: fx(x), y: fx(y) }, v: at(x, y) },
        { p: { x: fx(x + 1), y: fx(y) }, v: at(x + 1, y) },
        { p: { x: fx(x + 1), y: fx(y + 1) }, v: at(x + 1, y + 1) },
        { p: { x: fx(x), y: fx(y + 1) }, v: at(x, y + 1) },
      ];
      const points: Point[] = [];
      for (let e = 0; e < 4; e++) {
        const a = corners[e]!,
          b = corners[(e + 1) % 4]!;
        if (a.v >= level !== b.v >= level) points.push(cross(a.p, a.v, b.p, b.v));
      }
      // two crossings: one segment; four (a saddle): two, paired around the cell
      for (let k = 0; k + 1 < points.length; k += 2) out.push([points[k]!, points[k + 1]!]);
    }
  }
  return out;
}
