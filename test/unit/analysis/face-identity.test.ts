/**
 * The "same person" rule (shared/face-identity.ts) and the measuring script's arithmetic (scripts/face-identity.ts):
 * pure, on made-up descriptors. face-identity-photos.test.ts checks the threshold on the dev portraits.
 */
import { describe, expect, it } from 'vitest';
import { SAME_PERSON_MAX_DISTANCE, faceDistance, isYours, samePerson } from '#shared/face-identity.ts';
import {
  chooseThreshold,
  identityFigures,
  thresholdFor,
  type PortraitDescriptors,
} from '#scripts/analysis/lib/identity-threshold.ts';

/** a unit vector along axis `i` of 4, turned towards axis `j` by `angle` radians */
const toward = (i: number, j: number, angle: number) => {
  const v = [0, 0, 0, 0];
  v[i] = Math.cos(angle);
  v[j] = Math.sin(angle);
  return v;
};

describe('faceDistance', () => {
  it('is 0 for one face, 2 for opposite ones, and ignores the length of each descriptor', () => {
    expect(faceDistance([1, 2, 3], [2, 4, 6])).toBeCloseTo(0, 6);
    expect(faceDistance([1, 0], [-3, 0])).toBeCloseTo(2, 6);
    expect(faceDistance([1, 0], [0, 5])).toBeCloseTo(Math.SQRT2, 6);
    expect(faceDistance([0.3, 0.1, 0.7], [0.2, 0.5, 0.1])).toBeCloseTo(
      faceDistance([0.2, 0.5, 0.1], [0.3, 0.1, 0.7]),
      9,
    );
  });

  it('refuses descriptors of different lengths; an empty face is as far as can be', () => {
    expect(() => faceDistance([1, 2], [1, 2, 3])).toThrow();
    expect(faceDistance([0, 0], [1, 0])).toBe(2);
  });
});

describe('samePerson', () => {
  // the chord between unit vectors at angle a is 2 sin(a / 2)
  const angleAt = (d: number) => 2 * Math.asin(d / 2);
  it('takes two faces as one person up to the threshold, and not beyond it', () => {
    const a = [1, 0, 0, 0];
    expect(samePerson(a, toward(0, 1, angleAt(SAME_PERSON_MAX_DISTANCE - 0.01)))).toBe(true);
    expect(samePerson(a, toward(0, 1, angleAt(SAME_PERSON_MAX_DISTANCE + 0.01)))).toBe(false);
  });

  it('the threshold lies between the changed copies and the closest strangers measured (0.53 and 0.77)', () => {
    expect(SAME_PERSON_MAX_DISTANCE).toBeGreaterThan(0.53);
    expect(SAME_PERSON_MAX_DISTANCE).toBeLessThan(0.77);
  });
});

describe('isYours', () => {
  it("counts the owner's ratings and those stored before identity was asked; never another's or one still asking", () => {
    expect(isYours({})).toBe(true);
    expect(isYours({ identity: 'you' })).toBe(true);
    expect(isYours({ identity: 'someone-else' })).toBe(false);
    expect(isYours({ identity: 'unconfirmed' })).toBe(false);
  });
});

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
