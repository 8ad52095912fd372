import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { readItem, removeItem, SESSION_KEYS } from '#web/lib/storage-keys.ts';
import { useAuth } from './auth-context.ts';
import { postLoginRoute } from './post-login-route.ts';

/** Once signed in (password, verification or a Google redirect back to /auth), route by the spec's rules. */
export function usePostLoginRedirect(): void {
  const { status, profile, profileLoading, isNewUser } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const done = useRef(false);

  useEffect(() => {
    if (done.current || status !== 'signed-in' || profileLoading) return;
    done.current = true;
    const target = postLoginRoute({
      pendingCheckoutPackage: readItem('session', SESSION_KEYS.pendingCheckoutPackage),
      pendingHairlineId: readItem('session', SESSION_KEYS.pendingHairlineId),
      pendingUpgradeId: readItem('session', SESSION_KEYS.pendingUpgradeId),
      cameFromAnalyze: readItem('session', SESSION_KEYS.cameFromAnalyze) === 'true',
      redirectToCheckout: params.get('redirect') === 'checkout',
      isNewUser,
      // an unreadable profile counts as no credits: the pricing page is the safe place to land
      credits: profile?.credits ?? 0,
    });
    removeItem('session', SESSION_KEYS.pendingCheckoutPackage, SESSION_KEYS.cameFromAnalyze);
    // a photo kept from before sign-in is offered again on the landing page
    navigate(target === '/' && readItem('session', SESSION_KEYS.pendingUploadId) ? '/#analyze' : target, {
      replace: true,
    });
  }, [status, profile, profileLoading, isNewUser, params, navigate]);
}
