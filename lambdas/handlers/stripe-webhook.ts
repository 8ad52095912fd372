import type Stripe from 'stripe';
import { logEntry } from '../logging.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { defaultStripe, sessionView, verifyWebhook } from '../adapters/stripe.ts';
import { PAID_STATUSES, paidSession, type CheckoutSessionView, type PaymentsGateway } from '../domain/checkout.ts';
import type { PaymentFact } from '../domain/ledger.ts';
import { refundPaymentOfDeletedAccount } from '../domain/late-payments.ts';
import { recordPaymentEvent } from '../domain/reversals.ts';
import { accountOfSession, fulfil, type FulfilOutcome } from '../domain/fulfil.ts';
import { API_MESSAGES } from '../domain/messages.ts';
import { header, rawBody } from '../http/body.ts';
import { badRequest } from '../http/errors.ts';
import { json, withErrors } from '../http/response.ts';

const log = logEntry;

/**
 * POST /api/stripe-webhook: verifies the signature over the exact raw body, then credits paid Checkout Sessions through
 * the same idempotent fulfil as the return page, and moves the purchase ledger on refunds and disputes (reversals.ts)
 * in whatever order they come. Permanent problems (no user id, unknown credits) are logged and
 * acknowledged (200) so Stripe stops retrying; transient failures answer 500 so Stripe retries.
 */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'stripe'>) =>
  withErrors(async (event, { events }) => {
    const { stripe, secrets, payments } = await deps.stripe();
    let stripeEvent: Stripe.Event;
    try {
      stripeEvent = verifyWebhook(stripe, rawBody(event), header(event, 'stripe-signature'), secrets.webhookSecret);
    } catch (err) {
      log({ level: 'WARN', message: 'webhook signature rejected', error: String((err as Error)?.message ?? err) });
      throw badRequest(API_MESSAGES.invalidSignature);
    }

    const type = stripeEvent.type;
    if (REVERSAL_EVENTS.has(type)) return json(200, await reverse(deps, payments, stripeEvent));
    if (type !== 'checkout.session.completed' && type !== 'checkout.session.async_payment_succeeded') {
      return json(200, { received: true });
    }
    const session = sessionView(stripeEvent.data.object);
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
    const outcome = await fulfil({ db: deps.db(), events }, paidSession(session, userId));
    return json(200, await acknowledge(deps, outcome, session, payments));
  });

/** Events that move a payment's ledger entry (a refund so far, a dispute opened or closed). */
const REVERSAL_EVENTS = new Set(['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed']);

/**
 * The answer to each fulfilment outcome. Every one is acknowledged (200): a retry could change none of them (an
 * unrecognised payment has been logged at ERROR by fulfil). A payment for a deleted account goes back to the payer,
 * once however often the event is delivered.
 */
async function acknowledge(
  deps: Pick<AppDeps, 'db'>,
  outcome: FulfilOutcome,
  session: CheckoutSessionView,
  payments: PaymentsGateway,
): Promise<Record<string, unknown>> {
  const userId = session.metadata.userId;
  if (outcome.kind === 'account-deleted' && session.paymentIntentId && userId) {
    await refundPaymentOfDeletedAccount(
      { db: deps.db(), payments },
      { userId, sessionId: session.id, paymentIntentId: session.paymentIntentId },
    );
    return { received: true, credited: false, refunded: true };
  }
  return { received: true, credited: outcome.credited };
}

/** What a refund or dispute event says about its payment, for the ledger. */
function factOf(stripeEvent: Stripe.Event, amountPaid: number): PaymentFact {
  if (stripeEvent.type === 'charge.refunded') {
    const charge = stripeEvent.data.object;
    return {
      kind: 'refund',
      eventId: stripeEvent.id,
      amountPaid: charge.amount,
      amountRefunded: charge.amount_refunded,
    };
  }
  const dispute = stripeEvent.data.object as Stripe.Dispute;
  return { kind: 'dispute', eventId: stripeEvent.id, amountPaid, disputeId: dispute.id, status: dispute.status };
}

/** A refund or a dispute of a payment: the ledger entry of the Checkout Session that took it moves to Stripe's truth. */
async function reverse(
  deps: Pick<AppDeps, 'db'>,
  payments: PaymentsGateway,
  stripeEvent: Stripe.Event,
): Promise<Record<string, unknown>> {
  const object = stripeEvent.data.object as Stripe.Charge | Stripe.Dispute;
  const intent = object.payment_intent;
  const paymentIntentId = typeof intent === 'string' ? intent : intent?.id;
  const session = paymentIntentId ? await payments.sessionOfPaymentIntent(paymentIntentId) : null;
  const userId = session ? await accountOfSession(deps.db(), session) : undefined;
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
  const outcome = await recordPaymentEvent(
    { db: deps.db() },
    {
      userId,
      sessionId: session.id,
      currency: session.currency ?? null,
      fact: factOf(stripeEvent, session.amount_total ?? object.amount),
    },
  );
  log({
    level: outcome.changed ? 'INFO' : 'WARN',
    message: outcome.changed ? 'purchase ledger moved' : `purchase ledger unchanged: ${outcome.why}`,
    eventId: stripeEvent.id,
    type: stripeEvent.type,
    sessionId: session.id,
    userId,
    ...outcome,
  });
  if (!outcome.changed) return { received: true, reversed: false };
  return {
    received: true,
    reversed: true,
    state: outcome.state,
    creditsTaken: outcome.creditsTaken,
    ...(outcome.creditsReturned ? { creditsReturned: outcome.creditsReturned } : {}),
  };
}

function defaultDeps(): Pick<AppDeps, 'db' | 'stripe'> {
  const core = coreDeps();
  return { db: core.db, stripe: () => defaultStripe(core.env) };
}

export const handler = makeHandler(defaultDeps());
