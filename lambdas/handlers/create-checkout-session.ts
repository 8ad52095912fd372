import { CreateCheckoutRequestSchema } from '#shared/schemas.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { defaultStripe } from '../adapters/stripe.ts';
import { createCheckout } from '../domain/checkout.ts';
import { ensureProfile } from '../domain/users.ts';
import { callerOf } from '../http/auth.ts';
import { jsonBody } from '../http/body.ts';
import { json, withErrors } from '../http/response.ts';
import { parseWith } from '../http/validate.ts';

/** POST /api/create-checkout-session: a Stripe Checkout Session for one of our packages → { url, sessionId }. */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'stripe' | 'env'>) =>
  withErrors(async (event, { events }) => {
    const caller = callerOf(event);
    // a deleted account's old token is refused (401) before anything about the request is judged
    await ensureProfile({ db: deps.db(), events }, caller);
    const request = parseWith(CreateCheckoutRequestSchema, jsonBody(event));
    const { payments } = await deps.stripe();
    const checkoutDeps = { db: deps.db(), payments, siteUrl: deps.env.SITE_URL, events };
    return json(200, await createCheckout(checkoutDeps, caller, request));
  });

function defaultDeps(): Pick<AppDeps, 'db' | 'stripe' | 'env'> {
  const core = coreDeps();
  return { ...core, stripe: () => defaultStripe(core.env) };
}

export const handler = makeHandler(defaultDeps());
