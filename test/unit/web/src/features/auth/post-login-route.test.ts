import { describe, expect, it } from 'vitest';
import { postLoginRoute, type PostLoginState } from '#web/features/auth/post-login-route.ts';

const base: PostLoginState = {
  pendingCheckoutPackage: null,
  pendingHairlineId: null,
  pendingUpgradeId: null,
  cameFromAnalyze: false,
  redirectToCheckout: false,
  isNewUser: false,
  credits: 0,
};

describe('postLoginRoute', () => {
  it('sends a pending pack straight to its checkout, normalising the first underscore', () => {
    expect(
      postLoginRoute({ ...base, pendingCheckoutPackage: '50_ratings', pendingHairlineId: 'r1', cameFromAnalyze: true }),
    ).toBe('/checkout/50-ratings');
  });

  it('sends pending hairline or upgrade ids to /checkout?id=...', () => {
    expect(postLoginRoute({ ...base, pendingHairlineId: 'abc', cameFromAnalyze: true })).toBe('/checkout?id=abc');
    expect(postLoginRoute({ ...base, pendingUpgradeId: 'x y' })).toBe('/checkout?id=x%20y');
  });

  it('honours /auth?redirect=checkout without a pending pack', () => {
    expect(postLoginRoute({ ...base, redirectToCheckout: true })).toBe('/checkout');
  });

  it('from the analyze flow or as a new user: /pricing at 0 or fewer credits, else home', () => {
    expect(postLoginRoute({ ...base, cameFromAnalyze: true, credits: 0 })).toBe('/pricing');
    expect(postLoginRoute({ ...base, isNewUser: true, credits: -1 })).toBe('/pricing');
    expect(postLoginRoute({ ...base, cameFromAnalyze: true, credits: 5 })).toBe('/');
    expect(postLoginRoute({ ...base, isNewUser: true, credits: 1 })).toBe('/');
  });

  it('otherwise goes home, even with no credits', () => {
    expect(postLoginRoute({ ...base, credits: 0 })).toBe('/');
  });
});
