import { ROUTE } from '#shared/routes.ts';
import { RatingsPageSchema, type AnalysisResult } from '#shared/schemas.ts';
import type { z } from 'zod';
import { call, routePath } from '#web/lib/call.ts';

export const RATINGS_PATH = ROUTE.listRatings.path;
/** Analyses per "Load more" page (the API allows 1-50). */
export const HISTORY_PAGE_SIZE = 12;

export type RatingsPage = z.infer<typeof RatingsPageSchema>;
export type RatingSummary = RatingsPage['items'][number];

export const ratingPath = (id: string) => routePath(ROUTE.getRating, { params: { id } });
/** The same key as the results section's, so both read one cache entry. */
export const ratingQueryKey = (id: string) => [ratingPath(id)] as const;
export const historyQueryKey = [RATINGS_PATH, 'pages'] as const;

/** Every query about the caller's ratings: the list pages and each rating. */
export function isRatingsQuery(queryKey: readonly unknown[]): boolean {
  return typeof queryKey[0] === 'string' && queryKey[0].startsWith(RATINGS_PATH);
}

export async function fetchRatingsPage(cursor: string | null, limit = HISTORY_PAGE_SIZE): Promise<RatingsPage> {
  return call(ROUTE.listRatings, { query: { limit: String(limit), ...(cursor ? { cursor } : {}) } });
}

export async function fetchRating(id: string): Promise<AnalysisResult> {
  return call(ROUTE.getRating, { params: { id } });
}

export async function deleteRating(id: string): Promise<void> {
  await call(ROUTE.deleteRating, { params: { id } });
}
