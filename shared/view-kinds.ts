/**
 * Two kinds of photo whose scores are not comparable: the face (front, or bowed and corrected to read as from the
 * front) and the crown (top view, only coverage). Progress and the history chart keep them apart; the chart's line
 * colours live here so the web app and any other chart use one copy.
 */
import type { PhotoView } from './schemas.ts';

export const VIEW_KINDS = ['face', 'crown'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

/** Ratings stored before the engine told the view were all measured as front photos. */
export const viewKindOf = (view: PhotoView | undefined): ViewKind => (view === 'top' ? 'crown' : 'face');

export const VIEW_KIND_LABELS: Record<ViewKind, string> = { face: 'Face photos', crown: 'Crown photos' };

/** Face: the overlay's zone teal; crown: the brand violet of the share card's crown inset. */
export const VIEW_KIND_COLOURS: Record<ViewKind, string> = { face: '#2dd4bf', crown: '#a78bfa' };
