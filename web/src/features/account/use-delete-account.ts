import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/ui/toast-store.ts';
import { apiRequest } from '../../lib/api.ts';
import { useAuth } from '../auth/auth-context.ts';
import { DELETE_ACCOUNT_TEXTS } from './delete-account-texts.ts';

export const ME_PATH = '/api/me';

/**
 * DELETE /api/me, then land on `/`, sign out and say so. Queries are cancelled first and nothing is refetched until
 * the sign-out: the token stays valid after the user is deleted, and a profile fetch would create a new, empty profile.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const auth = useAuth();
  const navigate = useNavigate();
  return useMutation<void, Error>({
    mutationFn: async () => {
      await queryClient.cancelQueries();
      await apiRequest('DELETE', ME_PATH);
    },
    onSuccess: async () => {
      // leave signed-in pages first, or their sign-in guard would send the signed-out user to /auth
      navigate('/', { replace: true });
      try {
        await auth.signOut();
      } catch {
        /* the account is gone either way; signOut's own toast said what failed */
      }
      toast({ title: DELETE_ACCOUNT_TEXTS.done, variant: 'success' });
    },
  });
}
