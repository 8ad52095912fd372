/**
 * What the payment provider tells us (its webhook), as the domain reads it, and what each event does: a paid Checkout
 * Session is credited through the same idempotent fulfil as the return page; a refund or a dispute moves the payment's
 * ledger entry (reversals.ts) in whatever order the events come; anything else is acknowledged and ignored. Permanent
 * problems (no user id, a payment none of our sessions took) are logged and acknowledged, so the provider stops
 * retrying; transient failures throw, so it retries. The adapter (adapters/stripe.ts) maps Stripe's events to this union.
 */
import { logEntry } from '../logging.ts';
import { PAID_STATUSES, paidSession, type CheckoutSessionView, type PaymentsGateway } from './checkout.ts';
import type { Db } from './db.ts';
import type { ReportEvent } from './events.ts';
import { accountOfSession, fulfil, type FulfilOutcome } from './fulfil.ts';
import { refundPaymentOfDeletedAccount } from './late-payments.ts';
import type { PaymentFact } from './ledger.ts';
import { API_MESSAGES } from './messages.ts';
import { recordPaymentEvent } from './reversals.ts';

/** The provider's events that matter, each with what the domain needs of it; `type` is the provider's own name. */
export type PaymentProviderEvent =
  /**
   * a Checkout Session completed; `paymentConfirmed` when the event itself says the (asynchronous) payment succeeded,
   * otherwise the session's payment status says whether it is paid yet
   */
  | { kind: 'checkout'; eventId: string; type: string; session: CheckoutSessionView; paymentConfirmed: boolean }
  /** some of a payment went back: `amountRefunded` of `amountPaid`, cumulative */
  | {
      kind: 'refund';
      eventId: string;
      type: string;
      paymentIntentId?: string;
      amountPaid: number;
      amountRefunded: number;
    }
  /** a dispute of a payment was opened or closed; `amount` is the disputed amount */
  | {
      kind: 'dispute';
      eventId: string;
      type: string;
      paymentIntentId?: string;
      amount: number;
      disputeId: string;
      status: string;
    }
  /** an event of no concern to us */
  | { kind: 'other'; eventId: string; type: string };

/** What the webhook acknowledges (always a 200: a retry could change none of these). */
export type PaymentEventAnswer =
  | { received: true }
  | { received: true; credited: boolean; refunded?: true }
  | {
      received: true;
      reversed: true;
      state: string;
      creditsTaken: number;
      creditsReturned?: number;
    }
  | { received: true; reversed: false };

export interface PaymentEventDeps {
  db: Db;
  payments: PaymentsGateway;
  events?: ReportEvent;
  log?: (entry: Record<string, unknown>) => void;
}

/** Decides what one provider event does and does it. */
export async function recordProviderEvent(
  deps: PaymentEventDeps,
  event: PaymentProviderEvent,
): Promise<PaymentEventAnswer> {
  switch (event.kind) {
    case 'checkout':
      return creditCheckout(deps, event);
    case 'refund':
    case 'dispute':
      return reverse(deps, event);
    case 'other':
      return { received: true };
  }
}

async function creditCheckout(
  deps: PaymentEventDeps,
  event: Extract<PaymentProviderEvent, { kind: 'checkout' }>,
): Promise<PaymentEventAnswer> {
  const log = deps.log ?? logEntry;
  const { session } = event;
  if (!event.paymentConfirmed && !PAID_STATUSES.has(session.payment_status)) {
    log({
      level: 'INFO',
      message: 'checkout completed but not paid yet (async payment)',
      sessionId: session.id,
      status: session.payment_status,
    });
    return { received: true, credited: false };
  }
  const userId = session.metadata.userId;
  if (!userId) {
    log({ level: 'ERROR', message: API_MESSAGES.noUserIdInMetadata, sessionId: session.id, eventId: event.eventId });
    return { received: true, credited: false };
  }
  const outcome = await fulfil({ db: deps.db, events: deps.events }, paidSession(session, userId));
  return acknowledge(deps, outcome, session, userId);
}

/**
 * The answer to each fulfilment outcome (an unrecognised payment has been logged at ERROR by fulfil). A payment for a
 * deleted account goes back to the payer, once however often the event is delivered.
 */
async function acknowledge(
  deps: PaymentEventDeps,
  outcome: FulfilOutcome,
  session: CheckoutSessionView,
  userId: string,
): Promise<PaymentEventAnswer> {
  if (outcome.kind === 'account-deleted' && session.paymentIntentId) {
    await refundPaymentOfDeletedAccount(
      { db: deps.db, payments: deps.payments },
      { userId, sessionId: session.id, paymentIntentId: session.paymentIntentId },
    );
    return { received: true, credited: false, refunded: true };
  }
  return { received: true, credited: outcome.credited };
}

/** What a refund or dispute says about its payment, for the ledger; a dispute is of the whole session's amount. */
function factOf(event: Extract<PaymentProviderEvent, { kind: 'refund' | 'dispute' }>, session: CheckoutSessionView) {
  if (event.kind === 'refund') {
    const { eventId, amountPaid, amountRefunded } = event;
    return { kind: 'refund', eventId, amountPaid, amountRefunded } satisfies PaymentFact;
  }
  const { eventId, disputeId, status } = event;
  const amountPaid = session.amount_total ?? event.amount;
  return { kind: 'dispute', eventId, amountPaid, disputeId, status } satisfies PaymentFact;
}

/** A refund or a dispute of a payment: the ledger entry of the Checkout Session that took it moves to the provider's truth. */
async function reverse(
  deps: PaymentEventDeps,
  event: Extract<PaymentProviderEvent, { kind: 'refund' | 'dispute' }>,
): Promise<PaymentEventAnswer> {
  const log = deps.log ?? logEntry;
  const { paymentIntentId } = event;
  const session = paymentIntentId ? await deps.payments.sessionOfPaymentIntent(paymentIntentId) : null;
  const userId = session ? await accountOfSession(deps.db, session) : undefined;
  if (!session || !userId) {
    log({
      level: 'WARN',
      message: 'refund or dispute of a payment no Checkout Session of ours took',
      eventId: event.eventId,
      type: event.type,
      paymentIntentId,
    });
    return { received: true, reversed: false };
  }
  const outcome = await recordPaymentEvent(
    { db: deps.db },
    { userId, sessionId: session.id, currency: session.currency ?? null, fact: factOf(event, session) },
  );
  log({
    level: outcome.changed ? 'INFO' : 'WARN',
    message: outcome.changed ? 'purchase ledger moved' : `purchase ledger unchanged: ${outcome.why}`,
    eventId: event.eventId,
    type: event.type,
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
