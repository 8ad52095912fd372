import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { defaultStripe } from '../adapters/stripe.ts';
import { createCheckout } from '../domain/checkout.ts';
import { handle } from '../http/handle.ts';

/** POST /api/create-checkout-session: a Stripe Checkout Session for one of our packages → { url, sessionId }. */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'stripe' | 'env'>) =>
  handle(ROUTE.createCheckoutSession, deps, async ({ caller, body, events }) => {
    const { payments } = await deps.stripe();
    return createCheckout({ db: deps.db(), payments, siteUrl: deps.env.SITE_URL, events }, caller, body);
  });

function defaultDeps(): Pick<AppDeps, 'db' | 'stripe' | 'env'> {
  const core = coreDeps();
  return { ...core, stripe: () => defaultStripe(core.env) };
}

export const handler = makeHandler(defaultDeps());
