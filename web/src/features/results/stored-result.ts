import { AnalysisResultSchema, type AnalysisResult } from '#shared/schemas.ts';

export type StoredResultCheck =
  { kind: 'ok'; result: AnalysisResult } | { kind: 'missing' } | { kind: 'mismatch' } | { kind: 'invalid' };

/** The spec clears a stored last result whose id does not match the current rating id, or that cannot be parsed. */
export function checkStoredResult(ratingId: string, raw: string | null): StoredResultCheck {
  if (!raw) return { kind: 'missing' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { kind: 'invalid' };
  }
  if (parsed && typeof parsed === 'object' && 'id' in parsed && (parsed as { id: unknown }).id !== ratingId) {
    return { kind: 'mismatch' };
  }
  const result = AnalysisResultSchema.safeParse(parsed);
  return result.success ? { kind: 'ok', result: result.data } : { kind: 'invalid' };
}

export function parseServerResult(body: unknown): AnalysisResult | null {
  const result = AnalysisResultSchema.safeParse(body);
  return result.success ? result.data : null;
}
