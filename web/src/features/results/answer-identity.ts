import { ROUTE } from '#shared/routes.ts';
import type { AnalysisResult } from '#shared/schemas.ts';
import { call } from '#web/lib/call.ts';

/** PATCH /api/ratings/{id}: the owner's answer to "Is this you?"; the rating comes back with its progress. */
export async function answerIdentity(ratingId: string, isYou: boolean): Promise<AnalysisResult> {
  return call(ROUTE.answerIdentity, { params: { id: ratingId }, body: { isYou } });
}
