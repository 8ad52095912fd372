import type { AnalysisResult } from '#shared/schemas.ts';
import { LOCAL_KEYS, readItem, removeItem, writeItem } from '#web/lib/storage-keys.ts';

export function readLastRatingId(): string | null {
  return readItem('local', LOCAL_KEYS.lastRatingId);
}

/** Stores the id even when the result itself does not fit: the results view then reads it from the API. */
export function saveLastResult(result: AnalysisResult): void {
  writeItem('local', LOCAL_KEYS.lastRatingId, result.id);
  if (!writeItem('local', LOCAL_KEYS.lastAnalysisResult, JSON.stringify(result))) {
    removeItem('local', LOCAL_KEYS.lastAnalysisResult);
  }
}

export function clearStoredResult(): void {
  removeItem('local', LOCAL_KEYS.lastAnalysisResult);
}
