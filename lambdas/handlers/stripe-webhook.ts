import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { defaultStripe, paymentEventOf, verifyWebhook } from '../adapters/stripe.ts';
import { API_MESSAGES } from '../domain/messages.ts';
import { recordProviderEvent } from '../domain/payment-events.ts';
import { header } from '../http/body.ts';
import { badRequest } from '../http/errors.ts';
import { handle } from '../http/handle.ts';
import { logger } from '../logging.ts';

/**
 * POST /api/stripe-webhook: verifies the signature over the exact raw body (400 when it does not hold), then hands the
 * event to the domain (domain/payment-events.ts), which credits paid sessions and moves the ledger on refunds and
 * disputes. Every event it has handled is acknowledged (200); a transient failure answers 500 so Stripe retries.
 */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'stripe'>) =>
  handle(ROUTE.stripeWebhook, deps, async ({ body, event, events }) => {
    const { stripe, secrets, payments } = await deps.stripe();
    let stripeEvent;
    try {
      stripeEvent = verifyWebhook(stripe, body, header(event, 'stripe-signature'), secrets.webhookSecret);
    } catch (err) {
      logger.warn('webhook signature rejected', { error: String((err as Error)?.message ?? err) });
      throw badRequest(API_MESSAGES.invalidSignature);
    }
    return recordProviderEvent({ db: deps.db(), payments, events }, paymentEventOf(stripeEvent));
  });

function defaultDeps(): Pick<AppDeps, 'db' | 'stripe'> {
  const core = coreDeps();
  return { db: core.db, stripe: () => defaultStripe(core.env) };
}

export const handler = makeHandler(defaultDeps());
