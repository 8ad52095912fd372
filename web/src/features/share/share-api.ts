import { ROUTE } from '#shared/routes.ts';
import type { ShareCreated, SharedRating, ShareRequest } from '#shared/schemas.ts';
import { isShareId } from '#shared/share-id.ts';
import { ApiError } from '#web/lib/api.ts';
import { call, routePath } from '#web/lib/call.ts';

export const sharePath = (shareId: string) => routePath(ROUTE.getShare, { params: { shareId } });

/** The query key of a public share (the default query function would GET it, but 404 must read as "gone"). */
export const shareQueryKey = (shareId: string) => [sharePath(shareId)] as const;

/** GET /api/shares/{id} (public): the shared rating, or null when it was removed or never existed. */
export async function fetchSharedRating(shareId: string): Promise<SharedRating | null> {
  if (!isShareId(shareId)) return null;
  try {
    return await call(ROUTE.getShare, { params: { shareId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** POST /api/ratings/{id}/share: makes the rating's one share link, or updates the options named. */
export async function createShare(ratingId: string, options: ShareRequest): Promise<ShareCreated> {
  return call(ROUTE.createShare, { params: { id: ratingId }, body: options });
}

/** DELETE /api/ratings/{id}/share (idempotent). */
export async function revokeShare(ratingId: string): Promise<void> {
  await call(ROUTE.deleteShare, { params: { id: ratingId } });
}
