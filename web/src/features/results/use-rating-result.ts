import { ROUTE } from '#shared/routes.ts';
import { routePath } from '#web/lib/call.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AnalysisResult } from '#shared/schemas.ts';
import { LOCAL_KEYS, readItem, removeItem } from '#web/lib/storage-keys.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { saveLastResult } from './result-storage.ts';
import { checkStoredResult, parseServerResult } from './stored-result.ts';

export const NOT_FOUND_TOAST = {
  title: 'Results not found',
  description: 'This analysis result is no longer available. Please try analyzing again.',
} as const;
export const LOAD_ERROR_TOAST = {
  title: 'Error loading results',
  description: 'Failed to load analysis results. Please try analyzing again.',
} as const;

export type RatingResultState =
  { phase: 'ready'; result: AnalysisResult } | { phase: 'loading' } | { phase: 'unavailable' };

/**
 * The result for a rating id: from local storage when it matches, else (signed in) from GET /api/ratings/{id}.
 * Mismatched or unparsable stored results are cleared, with the spec's toasts.
 */
export function useRatingResult(ratingId: string): RatingResultState {
  const { status } = useAuth();
  const [local] = useState(() => checkStoredResult(ratingId, readItem('local', LOCAL_KEYS.lastAnalysisResult)));
  const toasted = useRef(false);
  const once = (t: { title: string; description: string }) => {
    if (toasted.current) return;
    toasted.current = true;
    toast({ ...t, variant: 'destructive' });
  };

  const needServer = local.kind === 'missing' || local.kind === 'mismatch';
  const server = useQuery<unknown>({
    queryKey: [routePath(ROUTE.getRating, { params: { id: ratingId } })],
    enabled: needServer && status === 'signed-in',
  });
  const serverResult = server.data ? parseServerResult(server.data) : null;

  useEffect(() => {
    if (local.kind === 'invalid') {
      removeItem('local', LOCAL_KEYS.lastAnalysisResult, LOCAL_KEYS.lastRatingId);
      once(LOAD_ERROR_TOAST);
    } else if (local.kind === 'mismatch') {
      removeItem('local', LOCAL_KEYS.lastAnalysisResult);
    }
  }, [local]);

  useEffect(() => {
    if (!needServer) return;
    const gone = status === 'signed-out' || server.isError || (server.isSuccess && !serverResult);
    if (gone) {
      removeItem('local', LOCAL_KEYS.lastRatingId);
      once(server.isSuccess && !serverResult ? LOAD_ERROR_TOAST : NOT_FOUND_TOAST);
    } else if (serverResult) {
      saveLastResult(serverResult);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needServer, status, server.isError, server.isSuccess, serverResult?.id]);

  if (local.kind === 'ok') return { phase: 'ready', result: local.result };
  if (serverResult) return { phase: 'ready', result: serverResult };
  if (local.kind === 'invalid' || status === 'signed-out' || server.isError || server.isSuccess)
    return { phase: 'unavailable' };
  return { phase: 'loading' };
}
