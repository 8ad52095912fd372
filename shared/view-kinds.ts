/**
 * The kinds of photo as people take them, each its own line in the history: the hairline from the front (a portrait or
 * selfie), the hairline from above (the head bowed towards the camera) and the crown (the top of the head, photographed
 * from above or behind). Their scores are read from different views, so progress and the history chart keep them
 * apart; the names and the chart's line colours live here so the web app and any other chart use one copy.
 */
import { VIEW_KINDS, type PhotoSubject, type PhotoView, type ViewKind } from './schemas.ts';

export { VIEW_KINDS, type ViewKind };

/** What names a rating's kind: the engine's view of its (face) photo and what the user said the photo is of. */
export interface KindFacts {
  measurements?: { view?: PhotoView };
  photoOf?: PhotoSubject;
}

/**
 * A bowed head whose face the engine misses is measured from above like a crown photo (view 'top'); taken as a hairline
 * photo it is the hairline from above, never the crown. Otherwise the engine's view names it. Ratings stored before the
 * user said what the photo is of keep that naming, and those stored before the engine told the view were all measured
 * as front photos.
 */
export function viewKindOf({ measurements, photoOf }: KindFacts): ViewKind {
  const view = measurements?.view;
  if (view === 'top') return photoOf === 'hairline' ? 'above' : 'crown';
  return view === 'bowed' ? 'above' : 'face';
}

/** Whether two ratings are like with like: the same kind of photo, measured from the same view. */
export const sameKindAndView = (a: KindFacts, b: KindFacts): boolean =>
  viewKindOf(a) === viewKindOf(b) && (a.measurements?.view ?? 'front') === (b.measurements?.view ?? 'front');

export const VIEW_KIND_LABELS: Record<ViewKind, string> = {
  face: 'Hairline from the front',
  above: 'Hairline from above',
  crown: 'Crown',
};

/** each kind in a sentence: "this one is a photo of your hairline from above" */
export const VIEW_KIND_PHOTO_WORDS: Record<ViewKind, string> = {
  face: 'a photo of your hairline from the front',
  above: 'a photo of your hairline from above, your head bowed',
  crown: 'a photo of your crown, the top of your head',
};

/** Front: the overlay's zone teal; from above: amber; crown: the brand violet of the share card's crown inset. */
export const VIEW_KIND_COLOURS: Record<ViewKind, string> = { face: '#2dd4bf', above: '#f59e0b', crown: '#a78bfa' };
