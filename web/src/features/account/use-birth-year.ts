import { ROUTE } from '#shared/routes.ts';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { useAuth } from '#web/features/auth/index.ts';

/** PATCH /api/me { birthYear } (null removes it), then the profile is read again so every view shows the new value. */
export function useSaveBirthYear() {
  const auth = useAuth();
  return useMutation<void, Error, number | null>({
    mutationFn: async (birthYear) => {
      await call(ROUTE.patchMe, { body: { birthYear } });
      await auth.refreshProfile();
    },
  });
}

/** The server's own sentence for a refused year ("Birth year must be …"), else a generic one. */
export function birthYearError(err: Error | null): string | null {
  if (!err) return null;
  if (err instanceof ApiError && err.status === 400) return err.serverMessage.replace(/^birthYear: /, '');
  return 'Could not save your birth year. Please try again.';
}
