/**
 * After a failed or timed-out analyze call the analysis may still have completed (the answer was lost on the way, or
 * the server finished just after the timeout): the rating carries the call's client request id, so look for it a few
 * times before showing an error. Loaded only when a call fails.
 */
import { ROUTE } from '#shared/routes.ts';
import { call } from '#web/lib/call.ts';
import type { AnalysisResult } from '#shared/schemas.ts';
import { fetchRating } from '#web/features/history/index.ts';

/** Waits before each lookup: the analysis Lambda stops within 29 s, so the last lookup comes after any completion. */
export const RECOVERY_DELAYS_MS = [0, 2000, 4000, 8000] as const;

export async function recoverResult(
  clientRequestId: string,
  opts: { delaysMs?: readonly number[]; sleep?: (ms: number) => Promise<void> } = {},
): Promise<AnalysisResult | null> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (const delay of opts.delaysMs ?? RECOVERY_DELAYS_MS) {
    if (delay > 0) await sleep(delay);
    try {
      const found = (await call(ROUTE.listRatings, { query: { clientRequestId } })).items[0];
      // the full result (overlay, progress), as the analyze call would have returned it
      if (found) return await fetchRating(found.id);
    } catch (error) {
      console.warn('looking for the analysis result failed', error);
    }
  }
  return null;
}
