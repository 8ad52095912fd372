import {
  SharedRatingSchema,
  ShareCreatedSchema,
  type ShareCreated,
  type SharedRating,
  type ShareRequest,
} from '#shared/schemas.ts';
import { isShareId } from '#shared/share-id.ts';
import { apiFetch, apiRequest, throwIfResNotOk } from '#web/lib/api.ts';

export const sharePath = (shareId: string) => `/api/shares/${encodeURIComponent(shareId)}`;
export const ratingSharePath = (ratingId: string) => `/api/ratings/${encodeURIComponent(ratingId)}/share`;

/** The query key of a public share (the default query function would GET it, but 404 must read as "gone"). */
export const shareQueryKey = (shareId: string) => [sharePath(shareId)] as const;

/** GET /api/shares/{id} (public): the shared rating, or null when it was removed or never existed. */
export async function fetchSharedRating(shareId: string): Promise<SharedRating | null> {
  if (!isShareId(shareId)) return null;
  const res = await apiFetch(sharePath(shareId));
  if (res.status === 404) return null;
  await throwIfResNotOk(res);
  return SharedRatingSchema.parse(await res.json());
}

/** POST /api/ratings/{id}/share: makes the rating's one share link, or updates the options named. */
export async function createShare(ratingId: string, options: ShareRequest): Promise<ShareCreated> {
  const res = await apiRequest('POST', ratingSharePath(ratingId), options);
  return ShareCreatedSchema.parse(await res.json());
}

/** DELETE /api/ratings/{id}/share (idempotent). */
export async function revokeShare(ratingId: string): Promise<void> {
  await apiRequest('DELETE', ratingSharePath(ratingId));
}
