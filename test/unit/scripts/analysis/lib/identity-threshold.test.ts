/** Measuring the "same person" threshold (identity-threshold.ts): the arithmetic, on made-up descriptors. */
import { describe, expect, it } from 'vitest';
import { faceDistance } from '#shared/face-identity.ts';
import {
  chooseThreshold,
  identityFigures,
  thresholdFor,
  type PortraitDescriptors,
} from '#scripts/analysis/lib/identity-threshold.ts';

/** a unit vector along axis `i` of 4, turned towards axis `j` by `angle` radians */
const toward = (i: number, j: number, angle: number) =>
  [0, 1, 2, 3].map((k) => (k === i ? Math.cos(angle) : k === j ? Math.sin(angle) : 0));

describe('the measuring script', () => {
  // four people along the four axes; each has a copy turned a little towards the next axis
  const portraits: PortraitDescriptors[] = [0, 1, 2, 3].map((i) => ({
    file: `p${i}`,
    original: toward(i, (i + 1) % 4, 0),
    copies: { turned: toward(i, (i + 1) % 4, 0.2 + 0.05 * i), lost: undefined },
  }));

  it('counts pairs of different people and copies, a copy without a face as missed', () => {
    expect(identityFigures(portraits, 0.5)).toEqual({ differentPairs: 6, falseSame: 0, samePairs: 8, trueSame: 4 });
    expect(identityFigures(portraits, 1.5)).toMatchObject({ falseSame: 6, trueSame: 4 });
  });

  it('chooses half-way between the farthest copy and the closest strangers when they do not overlap', () => {
    const farthestCopy = 2 * Math.sin((0.2 + 0.15) / 2);
    expect(chooseThreshold(portraits, 0.001)).toBeCloseTo((farthestCopy + Math.SQRT2) / 2, 6);
  });

  it('else the distance that admits at most the given share of different-person pairs', () => {
    const close: PortraitDescriptors[] = [
      { file: 'a', original: [1, 0], copies: { far: [-1, 0.1] } },
      { file: 'b', original: [1, 0.05], copies: {} },
      { file: 'c', original: [0, 1], copies: {} },
    ];
    const t = chooseThreshold(close, 0);
    expect(t).toBe(thresholdFor(close, 0));
    // nothing admitted: under the closest pair, a and b
    expect(t).toBeLessThan(faceDistance([1, 0], [1, 0.05]));
    expect(identityFigures(close, t).falseSame).toBe(0);
    // one pair of three admitted: just under the second closest
    expect(identityFigures(close, thresholdFor(close, 0.34)).falseSame).toBe(1);
  });
});
