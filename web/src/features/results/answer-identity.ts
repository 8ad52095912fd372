import { AnalysisResultSchema, type AnalysisResult } from '#shared/schemas.ts';
import { apiRequest } from '#web/lib/api.ts';

/** PATCH /api/ratings/{id}: the owner's answer to "Is this you?"; the rating comes back with its progress. */
export async function answerIdentity(ratingId: string, isYou: boolean): Promise<AnalysisResult> {
  const res = await apiRequest('PATCH', `/api/ratings/${encodeURIComponent(ratingId)}`, { isYou });
  return AnalysisResultSchema.parse(await res.json());
}
