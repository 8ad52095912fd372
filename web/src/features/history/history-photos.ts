/**
 * The photos of the user's ratings as the history shows them: each rating's photo (the face photo of a two-photo
 * rating), and a two-photo rating's crown photo as one of its own, a crown photo like those analysed alone, with its
 * own score and capture conditions. The chart and the list mark each photo against the latest of its kind from this one
 * list. A crown photo stored before its score was kept is not here: it has no point to draw.
 */
import type { CrownPart } from '#shared/schemas.ts';
import type { ComparableItem } from './comparability.ts';

type WithCrown = ComparableItem & { crown?: Pick<CrownPart, 'score' | 'measurements' | 'captureConditions'> };

/** the crown photo of a two-photo rating with its own score, as the crown line's point; null for any other rating */
export function crownPhotoOf(item: WithCrown): (ComparableItem & { score: number }) | null {
  const crown = item.crown;
  if (typeof crown?.score !== 'number') return null;
  return {
    id: crownPhotoId(item.id),
    // no photoOf: its view ('top') names it the crown, never the hairline from above
    measurements: crown.measurements,
    score: crown.score,
    ...(crown.captureConditions ? { captureConditions: crown.captureConditions } : {}),
  };
}

/** the id a two-photo rating's crown photo is marked under (never a rating's id: those have no '#') */
export const crownPhotoId = (ratingId: string) => `${ratingId}#crown`;

/** every photo of `items`, in their order: a rating's crown photo right before the rating itself */
export function historyPhotos(items: readonly WithCrown[]): ComparableItem[] {
  return items.flatMap((item) => {
    const crown = crownPhotoOf(item);
    return crown ? [crown, item] : [item];
  });
}
