import { useSearchParams } from 'react-router-dom';
import { CHECKOUT_CANCELLED_PARAM } from '#shared/packages.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { PRICING_NOTES } from './pricing-texts.ts';

/**
 * One line saying why the visitor sees this page: a cancelled payment (Stripe's cancel link brings them back), or a
 * signed-in account with no credits (the post-login route sends a new account here). Browser-only facts, so the line
 * is written after hydration into space the prerendered page already holds (no layout shift).
 */
export function PricingNote() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const { status, profile } = useAuth();
  let note: string | null = null;
  if (hydrated && params.get(CHECKOUT_CANCELLED_PARAM.name) === CHECKOUT_CANCELLED_PARAM.value) {
    note = PRICING_NOTES.cancelled;
  } else if (hydrated && status === 'signed-in' && profile && profile.credits <= 0) {
    note = PRICING_NOTES.noCredits;
  }
  return (
    <p
      data-testid="pricing-note"
      role="status"
      className="mt-4 min-h-12 text-center font-semibold text-accent-teal sm:min-h-6"
    >
      {note}
    </p>
  );
}
