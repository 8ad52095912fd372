import { ROUTE } from '#shared/routes.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { VerifiedSession } from '#shared/schemas.ts';
import { MESSAGES } from '#shared/messages.ts';
import { ApiError } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { removeItem, SESSION_KEYS } from '#web/lib/storage-keys.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { PROFILE_PATH } from '#web/features/auth/index.ts';

export type VerifyState =
  { phase: 'loading' } | { phase: 'success'; session: VerifiedSession } | { phase: 'error'; message: string };

async function verify(sessionId: string): Promise<VerifiedSession> {
  try {
    return await call(ROUTE.verifyCheckoutSession, { query: { session_id: sessionId } });
  } catch (error) {
    if (error instanceof ApiError) throw new Error(error.serverMessage || 'Failed to verify payment');
    throw new Error('Failed to verify payment');
  }
}

/** The server verifies and credits (once per session); the page only shows the outcome and the new balance. */
export function useVerifySession(sessionId: string | null): VerifyState {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['verify-checkout-session', sessionId],
    queryFn: () => verify(sessionId!),
    enabled: !!sessionId && status === 'signed-in',
  });

  useEffect(() => {
    if (query.isSuccess) {
      removeItem(
        'session',
        SESSION_KEYS.pendingCheckoutPackage,
        SESSION_KEYS.pendingHairlineId,
        SESSION_KEYS.pendingUpgradeId,
      );
      void queryClient.invalidateQueries({ queryKey: [PROFILE_PATH] });
    }
  }, [query.isSuccess, queryClient]);

  const failed = query.isError || (!!sessionId && status === 'signed-out');
  useEffect(() => {
    if (failed) toast({ title: 'Payment Error', description: 'Failed to process payment', variant: 'destructive' });
  }, [failed]);

  if (!sessionId) return { phase: 'error', message: MESSAGES.noSessionId };
  if (status === 'signed-out') return { phase: 'error', message: 'User not logged in' };
  if (query.isError) return { phase: 'error', message: query.error.message };
  if (query.isSuccess) return { phase: 'success', session: query.data };
  return { phase: 'loading' };
}
