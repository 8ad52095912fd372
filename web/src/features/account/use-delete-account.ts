import { ROUTE } from '#shared/routes.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '#web/components/ui/toast-store.ts';
import { call } from '#web/lib/call.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { DELETE_ACCOUNT_TEXTS } from './delete-account-texts.ts';

/**
 * DELETE /api/me, then land on `/`, sign out and say so. Queries are cancelled first and nothing is refetched until
 * the sign-out: the token stays valid after the user is deleted, and a profile fetch would create a new, empty profile.
 * The sign-out waits until `/` is shown: a signed-in page still on screen would send the signed-out user to /auth.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const auth = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!leaving || pathname !== '/') return;
    setLeaving(false);
    void auth
      .signOut()
      .catch(() => {
        /* the account is gone either way; signOut's own toast said what failed */
      })
      .then(() => toast({ title: DELETE_ACCOUNT_TEXTS.done, variant: 'success' }));
  }, [leaving, pathname, auth]);

  return useMutation<void, Error>({
    mutationFn: async () => {
      await queryClient.cancelQueries();
      await call(ROUTE.deleteMe, {});
    },
    onSuccess: () => {
      setLeaving(true);
      void navigate('/', { replace: true });
    },
  });
}
