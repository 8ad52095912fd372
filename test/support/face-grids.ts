/** Drawn face-aligned grids for the face view's unit tests: an empty grid of the engine's own size, every sample inside. */
import {
  GRID_ABOVE,
  GRID_BELOW,
  GRID_HALF_WIDTH,
  GRID_PER_UNIT,
  type FaceAxes,
  type FaceGrid,
} from '#lambdas/analysis/faces/face-grid.ts';

/** a grid with the engine's extent and resolution, all maps zero, on a face `halfWidth` face units wide each side */
export function blankFaceGrid(halfWidth: number, origin = { x: 0, y: 0 }): FaceGrid {
  const cols = Math.round(2 * GRID_HALF_WIDTH * GRID_PER_UNIT) + 1;
  const rows = Math.round((GRID_ABOVE + GRID_BELOW) * GRID_PER_UNIT) + 1;
  const n = cols * rows;
  const axes: FaceAxes = { origin, up: { x: 0, y: -1 }, unit: 50, unitBelow: 50, unitAbove: 50, halfWidth };
  const map = () => new Float32Array(n);
  return {
    axes,
    cols,
    rows,
    luma: map(),
    cb: map(),
    cr: map(),
    texture: map(),
    person: map(),
    hair: map(),
    inside: new Uint8Array(n).fill(1),
  };
}
