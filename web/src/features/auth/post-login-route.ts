import { normalizePackageId } from '#shared/packages.ts';

export interface PostLoginState {
  pendingCheckoutPackage: string | null;
  pendingHairlineId: string | null;
  pendingUpgradeId: string | null;
  cameFromAnalyze: boolean;
  /** /auth?redirect=checkout */
  redirectToCheckout: boolean;
  isNewUser: boolean;
  credits: number;
}

/**
 * Where a user goes right after signing in, in the spec's order: a pending pack goes to its checkout;
 * pending hairline or upgrade ids go to /checkout?id=...; from the analyze flow or a new user, /pricing
 * with 0 or fewer credits, else home; otherwise home.
 */
export function postLoginRoute(s: PostLoginState): string {
  if (s.pendingCheckoutPackage) return `/checkout/${encodeURIComponent(normalizePackageId(s.pendingCheckoutPackage))}`;
  const ratingId = s.pendingHairlineId ?? s.pendingUpgradeId;
  if (ratingId) return `/checkout?id=${encodeURIComponent(ratingId)}`;
  if (s.redirectToCheckout) return '/checkout';
  if (s.cameFromAnalyze || s.isNewUser) return s.credits <= 0 ? '/pricing' : '/';
  return '/';
}
