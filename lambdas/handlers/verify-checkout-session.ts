import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { defaultStripe } from '../adapters/stripe.ts';
import { confirmCheckout } from '../domain/purchase-receipt.ts';
import { handle } from '../http/handle.ts';

/** GET /api/verify-checkout-session?session_id=: checks the paid session is the caller's, then credits it (once, ever). */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'stripe' | 'env'>) =>
  handle(ROUTE.verifyCheckoutSession, deps, async ({ caller, query, events }) => {
    const { payments } = await deps.stripe();
    const checkoutDeps = { db: deps.db(), payments, siteUrl: deps.env.SITE_URL, events };
    const { session, credited, credits, receipt } = await confirmCheckout(
      checkoutDeps,
      caller,
      query.session_id?.trim(),
    );
    const { payment_status, metadata, amount_total, line_items } = session;
    return { payment_status, metadata, amount_total, line_items, credited, credits, receipt };
  });

function defaultDeps(): Pick<AppDeps, 'db' | 'stripe' | 'env'> {
  const core = coreDeps();
  return { ...core, stripe: () => defaultStripe(core.env) };
}

export const handler = makeHandler(defaultDeps());
