import type Stripe from 'stripe';
import { logEntry } from '../logging.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { defaultStripe, sessionView, verifyWebhook } from '../adapters/stripe.ts';
import { PAID_STATUSES, type PaymentsGateway } from '../domain/checkout.ts';
import { reversePurchase } from '../domain/reversals.ts';
import { fulfil } from '../domain/fulfil.ts';
import { API_MESSAGES } from '../domain/messages.ts';
import { header, rawBody } from '../http/body.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { json, withErrors } from '../http/response.ts';

const log = logEntry;

/**
 * POST /api/stripe-webhook: verifies the signature over the exact raw body, then credits paid Checkout Sessions through
 * the same idempotent fulfil as the return page. Permanent problems (no user id, unknown credits) are logged and
 * acknowledged (200) so Stripe stops retrying; transient failures answer 500 so Stripe retries.
 */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'stripe'>) =>
  withErrors(async (event) => {
    const { stripe, secrets, payments } = await deps.stripe();
    let stripeEvent: Stripe.Event;
    try {
      stripeEvent = verifyWebhook(stripe, rawBody(event), header(event, 'stripe-signature'), secrets.webhookSecret);
    } catch (err) {
      log({ level: 'WARN', message: 'webhook signature rejected', error: String((err as Error)?.message ?? err) });
      throw badRequest(API_MESSAGES.invalidSignature);
    }

    const type = stripeEvent.type;
    if (type === 'charge.refunded' || type === 'charge.dispute.created')
      return json(200, await reverse(deps, payments, stripeEvent));
    if (type !== 'checkout.session.completed' && type !== 'checkout.session.async_payment_succeeded') {
      return json(200, { received: true });
    }
    const session = sessionView(stripeEvent.data.object as Stripe.Checkout.Session);
    if (type === 'checkout.session.completed' && !PAID_STATUSES.has(session.payment_status)) {
      log({
        level: 'INFO',
        message: 'checkout completed but not paid yet (async payment)',
        sessionId: session.id,
        status: session.payment_status,
      });
      return json(200, { received: true, credited: false });
    }
    const userId = session.metadata.userId;
    if (!userId) {
      log({ level: 'ERROR', message: API_MESSAGES.noUserIdInMetadata, sessionId: session.id, eventId: stripeEvent.id });
      return json(200, { received: true, credited: false });
    }
    try {
      const outcome = await fulfil(
        { db: deps.db() },
        {
          sessionId: session.id,
          userId,
          metadata: session.metadata,
          amountTotal: session.amount_total,
          lineItemText: () => payments.lineItemText(session.id),
          email: session.customerEmail,
          currency: session.currency ?? null,
        },
      );
      if (outcome.accountDeleted && session.paymentIntentId) {
        const refundId = await payments.refundPayment(session.paymentIntentId);
        log({
          level: 'INFO',
          message: 'payment for a deleted account refunded',
          sessionId: session.id,
          userId,
          refundId,
        });
        return json(200, { received: true, credited: false, refunded: true });
      }
      return json(200, { received: true, credited: outcome.credited });
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 422) return json(200, { received: true, credited: false });
      throw err;
    }
  });

/** A refund or a dispute of a payment: the unspent credits of the Checkout Session that took it are taken back. */
async function reverse(
  deps: Pick<AppDeps, 'db'>,
  payments: PaymentsGateway,
  stripeEvent: Stripe.Event,
): Promise<Record<string, unknown>> {
  const refund = stripeEvent.type === 'charge.refunded';
  const object = stripeEvent.data.object as Stripe.Charge | Stripe.Dispute;
  const intent = object.payment_intent;
  const paymentIntentId = typeof intent === 'string' ? intent : intent?.id;
  const session = paymentIntentId ? await payments.sessionOfPaymentIntent(paymentIntentId) : null;
  const userId = session?.metadata.userId;
  if (!session || !userId) {
    log({
      level: 'WARN',
      message: 'refund or dispute of a payment no Checkout Session of ours took',
      eventId: stripeEvent.id,
      type: stripeEvent.type,
      paymentIntentId,
    });
    return { received: true, reversed: false };
  }
  const charge = object as Stripe.Charge;
  const share = refund ? (charge.amount > 0 ? charge.amount_refunded / charge.amount : 1) : 1;
  const outcome = await reversePurchase(
    { db: deps.db() },
    { userId, sessionId: session.id, kind: refund ? 'refund' : 'dispute', eventId: stripeEvent.id, share },
  );
  log({
    level: outcome.reversed ? 'INFO' : 'WARN',
    message: outcome.reversed ? 'purchase reversed' : `purchase not reversed: ${outcome.why}`,
    eventId: stripeEvent.id,
    type: stripeEvent.type,
    sessionId: session.id,
    userId,
    ...outcome,
  });
  return {
    received: true,
    reversed: outcome.reversed,
    ...(outcome.reversed ? { creditsTaken: outcome.creditsTaken } : {}),
  };
}

function defaultDeps(): Pick<AppDeps, 'db' | 'stripe'> {
  const core = coreDeps();
  return { db: core.db, stripe: () => defaultStripe(core.env) };
}

export const handler = makeHandler(defaultDeps());
