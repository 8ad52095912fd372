/**
 * Crown photos in progress, alone or beside a face photo alike: a two-photo rating's crown photo is compared with the
 * previous crown photo on its own score (when both have one), and a crown photo alone finds a two-photo rating's crown
 * as its previous one; only the user's own ratings, and no deltas across photos taken too differently.
 */
import { describe, expect, it } from 'vitest';
import { crownPhotoOf, crownProgressAmong, progressAmong, type EarlierRating } from '#lambdas/domain/progress.ts';
import type { CaptureConditions, RatingIdentity } from '#shared/schemas.ts';
import { CROWN_CAPTURE, FACE_CAPTURE, frontMeasurements, topMeasurements } from '#test/support/ratings.ts';

const crownPart = (score: number | undefined, topCoverage: number, capture: CaptureConditions = CROWN_CAPTURE) => ({
  measurements: topMeasurements({ topCoverage }),
  norwoodStage: 4,
  ...(score !== undefined ? { score } : {}),
  captureConditions: capture,
});

/** a face photo with a crown photo: the rating's score is the combined one */
const twoPhotos = (id: string, crownScore: number | undefined, identity?: RatingIdentity): EarlierRating => ({
  id,
  createdAt: `2026-10-${id}T09:00:00.000Z`,
  score: 70,
  norwoodStage: 3,
  measurements: frontMeasurements(),
  captureConditions: FACE_CAPTURE,
  photoOf: 'hairline',
  crown: crownPart(crownScore, 0.6),
  ...(identity ? { identity } : {}),
});

/** a crown photo alone */
const loneCrown = (id: string, score: number, identity?: RatingIdentity): EarlierRating => ({
  id,
  createdAt: `2026-10-${id}T09:00:00.000Z`,
  score,
  norwoodStage: 5,
  measurements: topMeasurements({ topCoverage: 0.5 }),
  captureConditions: CROWN_CAPTURE,
  photoOf: 'crown',
  ...(identity ? { identity } : {}),
});

describe("a two-photo rating's crown photo in progress", () => {
  it('is compared with an earlier crown photo alone on the two crown scores', () => {
    const item = twoPhotos('20', 44);
    expect(crownProgressAmong([loneCrown('10', 40)], item)).toMatchObject({
      previousId: '10',
      scoreDelta: 4,
      metricDeltas: { topCoverage: 0.1, norwoodStage: -1 },
      comparable: true,
    });
  });

  it("is compared with an earlier two-photo rating's crown, never with that rating's combined score", () => {
    const progress = crownProgressAmong([twoPhotos('10', 50)], twoPhotos('20', 44));
    expect(progress).toMatchObject({ previousId: '10', scoreDelta: -6 });
  });

  it('gives no score delta when either crown was stored before its score was kept', () => {
    expect(crownProgressAmong([twoPhotos('10', undefined)], twoPhotos('20', 44))?.scoreDelta).toBeUndefined();
    expect(crownProgressAmong([loneCrown('10', 40)], twoPhotos('20', undefined))).toMatchObject({
      previousId: '10',
      metricDeltas: { norwoodStage: -1 },
    });
    expect(crownProgressAmong([loneCrown('10', 40)], twoPhotos('20', undefined))?.scoreDelta).toBeUndefined();
  });

  it("skips someone else's crown, and gives nothing for a rating not yet the user's", () => {
    const earlier = [loneCrown('15', 10, 'someone-else'), loneCrown('12', 30, 'unconfirmed'), loneCrown('10', 40)];
    expect(crownProgressAmong(earlier, twoPhotos('20', 44))).toMatchObject({ previousId: '10', scoreDelta: 4 });
    expect(crownProgressAmong([loneCrown('10', 40)], twoPhotos('20', 44, 'unconfirmed'))).toBeNull();
    expect(crownProgressAmong([loneCrown('10', 40)], twoPhotos('20', 44, 'someone-else'))).toBeNull();
  });

  it('gives no deltas when the crown photos were taken too differently', () => {
    const farther = { ...CROWN_CAPTURE, size: CROWN_CAPTURE.size! * 0.5 };
    const item = { ...twoPhotos('20', 44), crown: crownPart(44, 0.6, farther) };
    const progress = crownProgressAmong([loneCrown('10', 40)], item);
    expect(progress).toMatchObject({ previousId: '10', comparable: false });
    expect(progress?.scoreDelta).toBeUndefined();
  });
});

describe('a crown photo alone in progress', () => {
  it("finds a two-photo rating's crown photo as its previous crown photo, on its crown score", () => {
    const item = loneCrown('20', 47);
    expect(progressAmong([twoPhotos('15', 44), loneCrown('10', 40)], item)).toMatchObject({
      previousId: '15',
      scoreDelta: 3,
      comparable: true,
    });
  });

  it("is not compared with someone else's two-photo rating", () => {
    const earlier = [twoPhotos('15', 44, 'someone-else'), loneCrown('10', 40)];
    expect(progressAmong(earlier, loneCrown('20', 47))).toMatchObject({ previousId: '10', scoreDelta: 7 });
  });

  it("leaves a face photo's progress with the face photos (a crown part is never a face photo's previous)", () => {
    const face = { ...twoPhotos('20', 44), crown: undefined } as EarlierRating;
    expect(progressAmong([twoPhotos('15', 44)], face)).toMatchObject({ previousId: '15', scoreDelta: 0 });
  });
});

describe('crownPhotoOf', () => {
  it('is the crown photo as a crown (view top, no photoOf), with the rating id and identity', () => {
    const photo = crownPhotoOf(twoPhotos('20', 44, 'you'));
    expect(photo).toEqual({
      id: '20',
      createdAt: '2026-10-20T09:00:00.000Z',
      norwoodStage: 4,
      score: 44,
      measurements: topMeasurements({ topCoverage: 0.6 }),
      captureConditions: CROWN_CAPTURE,
      identity: 'you',
    });
    expect(crownPhotoOf(loneCrown('10', 40))).toBeNull();
  });
});
