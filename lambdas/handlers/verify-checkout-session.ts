import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { defaultStripe } from '../adapters/stripe.ts';
import { confirmCheckout } from '../domain/purchase-receipt.ts';
import { ensureProfile } from '../domain/users.ts';
import { callerOf } from '../http/auth.ts';
import { queryParam } from '../http/query.ts';
import { json, withErrors } from '../http/response.ts';

/** GET /api/verify-checkout-session?session_id=: checks the paid session is the caller's, then credits it (once, ever). */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'stripe' | 'env'>) =>
  withErrors(async (event, { events }) => {
    const caller = callerOf(event);
    // a deleted account's old token is refused (401) before anything about the request is judged
    await ensureProfile({ db: deps.db(), events }, caller);
    const sessionId = queryParam(event, 'session_id')?.trim();
    const { payments } = await deps.stripe();
    const checkoutDeps = { db: deps.db(), payments, siteUrl: deps.env.SITE_URL, events };
    const { session, credited, credits, receipt } = await confirmCheckout(checkoutDeps, caller, sessionId);
    return json(200, {
      payment_status: session.payment_status,
      metadata: session.metadata,
      amount_total: session.amount_total,
      line_items: session.line_items,
      credited,
      credits,
      receipt,
    });
  });

function defaultDeps(): Pick<AppDeps, 'db' | 'stripe' | 'env'> {
  const core = coreDeps();
  return { ...core, stripe: () => defaultStripe(core.env) };
}

export const handler = makeHandler(defaultDeps());
