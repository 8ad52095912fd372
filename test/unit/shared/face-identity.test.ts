/**
 * The "same person" rule (shared/face-identity.ts): pure, on made-up descriptors. The measuring script's arithmetic is
 * tested in test/unit/scripts/analysis/lib/identity-threshold.test.ts; face-identity-photos.test.ts checks the
 * threshold on the dev portraits.
 */
import { describe, expect, it } from 'vitest';
import { SAME_PERSON_MAX_DISTANCE, faceDistance, isYours, samePerson } from '#shared/face-identity.ts';

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
