/** A rating's photos as the history marks them: a two-photo rating's crown photo is a crown photo of its own. */
import { describe, expect, it } from 'vitest';
import { viewKindOf } from '#shared/view-kinds.ts';
import { crownPhotoId, crownPhotoOf, historyPhotos } from '#web/features/history/history-photos.ts';
import { crownAlone, faceAlone, twoPhotos } from './history-photos.fixtures.ts';

describe('history photos', () => {
  it("a two-photo rating's crown photo is the crown (never the hairline from above), with its own score", () => {
    const two = twoPhotos('t', 20, 62, 41);
    const crown = crownPhotoOf(two)!;
    expect(crown).toMatchObject({ id: crownPhotoId('t'), score: 41, captureConditions: two.crown!.captureConditions });
    expect(viewKindOf(crown)).toBe('crown');
    expect(viewKindOf(two)).toBe('face');
  });

  it('every photo in order, the crown photo before its rating; none for a crown stored without its score', () => {
    const photos = historyPhotos([
      twoPhotos('t', 20, 62, 41),
      crownAlone('c', 15, 40),
      twoPhotos('o', 12, 60, undefined),
      faceAlone('f', 10, 61),
    ]);
    expect(photos.map((p) => p.id)).toEqual(['t#crown', 't', 'c', 'o', 'f']);
    expect(crownPhotoOf(crownAlone('c', 15, 40))).toBeNull();
  });
});
