import { describe, expect, it } from 'vitest';
import { fromImage, type FaceAxes } from '#lambdas/analysis/faces/face-grid.ts';
import { hairLengthBelowBrows } from '#lambdas/analysis/face-view/hair-length.ts';
import type { ProbabilityMap } from '#lambdas/analysis/types.ts';

/** an upright face, 40 px per face unit, its brow line at (200, 160), half as wide as 0.9 units at the cheekbones */
const AXES: FaceAxes = {
  origin: { x: 200, y: 160 },
  up: { x: 0, y: -1 },
  unit: 40,
  unitBelow: 40,
  unitAbove: 40,
  halfWidth: 0.9,
};
const FRAME = { width: 400, height: 480 };

/** a hair map over the frame (at half its resolution), hair where `isHair(x, y)` says so, x and y in face units */
function hairMap(isHair: (x: number, y: number) => boolean): ProbabilityMap {
  const width = FRAME.width / 2,
    height = FRAME.height / 2;
  const data = new Float32Array(width * height);
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++) {
      const { x, y } = fromImage(AXES, { x: 2 * px + 1, y: 2 * py + 1 });
      data[py * width + px] = isHair(x, y) ? 0.9 : 0.05;
    }
  return { data, width, height };
}

/** hair on the head above the brows, and hanging beside the face down to `below` face units under the brow line */
const hanging = (below: number, side: 'both' | 'left' = 'both') =>
  hairMap((x, y) => {
    const beside = Math.abs(x) > 0.95 && Math.abs(x) < 1.9 && (side === 'both' || x < 0);
    return (y > 0 && Math.abs(x) < 1.6) || (beside && y <= 0 && y > -below);
  });

describe('how far the hair falls beside the face', () => {
  it('follows hair hanging past the chin, on either side', () => {
    expect(hairLengthBelowBrows(hanging(3.5), AXES, FRAME)).toBeCloseTo(3.5, 0);
    expect(hairLengthBelowBrows(hanging(2.5, 'left'), AXES, FRAME)).toBeCloseTo(2.5, 0);
  });

  it('short hair ends by the ears; a bald head reads none; a beard on the face is not length', () => {
    expect(hairLengthBelowBrows(hanging(0.6), AXES, FRAME)).toBeLessThan(0.8);
    expect(
      hairLengthBelowBrows(
        hairMap(() => false),
        AXES,
        FRAME,
      ),
    ).toBe(0);
    const bearded = hairMap((x, y) => (y > 0 && Math.abs(x) < 1.6) || (Math.abs(x) < 0.9 && y < -1.3 && y > -2.6));
    expect(hairLengthBelowBrows(bearded, AXES, FRAME)).toBeLessThan(0.5);
  });

  it('a gap in the hair (an ear, a collar) ends the run; hair lower down after it does not count', () => {
    const collar = hairMap(
      (x, y) => (y > 0 && Math.abs(x) < 1.6) || (Math.abs(x) > 0.95 && Math.abs(x) < 1.9 && y < -2.5 && y > -4),
    );
    expect(hairLengthBelowBrows(collar, AXES, FRAME)).toBeLessThan(0.5);
  });

  it('hair running off the photo is read as far as the photo shows it', () => {
    const tall = { width: 400, height: 240 };
    const map = hanging(5);
    const cut: ProbabilityMap = {
      data: map.data.slice(0, (map.width * map.height) / 2),
      width: map.width,
      height: map.height / 2,
    };
    // the frame ends 2 face units below the brows
    expect(hairLengthBelowBrows(cut, AXES, tall)).toBeCloseTo(2, 0);
  });
});
