/**
 * The kinds of photo as people take them, each its own line in the history: the hairline from the front (a portrait or
 * selfie), the hairline from above (the head bowed towards the camera) and the crown (the top of the head, photographed
 * from above or behind). Their scores are read from different views, so progress and the history chart keep them
 * apart; the names and the chart's line colours live here so the web app and any other chart use one copy.
 */
import type { PhotoView } from './schemas.ts';

export const VIEW_KINDS = ['face', 'above', 'crown'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

/** Ratings stored before the engine told the view were all measured as front photos. */
export const viewKindOf = (view: PhotoView | undefined): ViewKind =>
  view === 'top' ? 'crown' : view === 'bowed' ? 'above' : 'face';

export const VIEW_KIND_LABELS: Record<ViewKind, string> = {
  face: 'Hairline from the front',
  above: 'Hairline from above',
  crown: 'Crown',
};

/** each view in a sentence: "this one is a photo of your hairline from above" */
export const VIEW_PHOTO_WORDS: Record<PhotoView, string> = {
  front: 'a photo of your hairline from the front',
  bowed: 'a photo of your hairline from above, your head bowed',
  top: 'a photo of your crown, the top of your head',
};

/** Front: the overlay's zone teal; from above: amber; crown: the brand violet of the share card's crown inset. */
export const VIEW_KIND_COLOURS: Record<ViewKind, string> = { face: '#2dd4bf', above: '#f59e0b', crown: '#a78bfa' };
