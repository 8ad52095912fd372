import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { CenteredSpinner } from '#web/components/ui/Spinner.tsx';
import { useAuth } from './auth-context.ts';

/** Sign-in guard: a centred spinner while the sign-in state loads, then the content or a redirect to /auth. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <CenteredSpinner label="Checking sign-in" />;
  if (status === 'signed-out') return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
