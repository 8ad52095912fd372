import { AnalysisResultSchema, RatingsPageSchema, type AnalysisResult } from '#shared/schemas.ts';
import type { z } from 'zod';
import { apiFetch, apiRequest, throwIfResNotOk } from '#web/lib/api.ts';

export const RATINGS_PATH = '/api/ratings';
/** Analyses per "Load more" page (the API allows 1-50). */
export const HISTORY_PAGE_SIZE = 12;

export type RatingsPage = z.infer<typeof RatingsPageSchema>;
export type RatingSummary = RatingsPage['items'][number];

export const ratingPath = (id: string) => `${RATINGS_PATH}/${encodeURIComponent(id)}`;
/** The same key as the results section's, so both read one cache entry. */
export const ratingQueryKey = (id: string) => [ratingPath(id)] as const;
export const historyQueryKey = [RATINGS_PATH, 'pages'] as const;

/** Every query about the caller's ratings: the list pages and each rating. */
export function isRatingsQuery(queryKey: readonly unknown[]): boolean {
  return typeof queryKey[0] === 'string' && queryKey[0].startsWith(RATINGS_PATH);
}

export async function fetchRatingsPage(cursor: string | null, limit = HISTORY_PAGE_SIZE): Promise<RatingsPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  const res = await apiFetch(`${RATINGS_PATH}?${params.toString()}`);
  await throwIfResNotOk(res);
  return RatingsPageSchema.parse(await res.json());
}

export async function fetchRating(id: string): Promise<AnalysisResult> {
  const res = await apiFetch(ratingPath(id));
  await throwIfResNotOk(res);
  return AnalysisResultSchema.parse(await res.json());
}

export async function deleteRating(id: string): Promise<void> {
  await apiRequest('DELETE', ratingPath(id));
}
