/**
 * The webhook's two halves apart: the Stripe adapter maps each event to the domain's union (adapters/stripe.ts
 * paymentEventOf), and the domain decides what each member does (domain/payment-events.ts). The whole path over real
 * signatures runs in test/integration/api-checkout.test.ts and api-event-orders.test.ts.
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { paymentEventOf } from '#lambdas/adapters/stripe.ts';
import type { CheckoutSessionView, PaymentsGateway } from '#lambdas/domain/checkout.ts';
import { recordProviderEvent } from '#lambdas/domain/payment-events.ts';
import { memoryDb } from '#test/support/memory-stores/index.ts';

const stripeEvent = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', type, data: { object } }) as unknown as Stripe.Event;

const session = { id: 'cs_1', object: 'checkout.session', payment_status: 'unpaid', metadata: { userId: 'u1' } };

describe('paymentEventOf (Stripe → domain)', () => {
  it('maps a completed session, marking only async_payment_succeeded as confirmed', () => {
    const completed = paymentEventOf(stripeEvent('checkout.session.completed', session));
    expect(completed).toMatchObject({ kind: 'checkout', eventId: 'evt_1', paymentConfirmed: false });
    expect(completed.kind === 'checkout' && completed.session.metadata).toEqual({ userId: 'u1' });
    const later = paymentEventOf(stripeEvent('checkout.session.async_payment_succeeded', session));
    expect(later).toMatchObject({ kind: 'checkout', paymentConfirmed: true });
  });

  it('maps a refund with its cumulative amounts and the payment intent (id or expanded)', () => {
    const charge = { id: 'ch_1', amount: 999, amount_refunded: 300, payment_intent: { id: 'pi_1' } };
    expect(paymentEventOf(stripeEvent('charge.refunded', charge))).toEqual({
      kind: 'refund',
      eventId: 'evt_1',
      type: 'charge.refunded',
      paymentIntentId: 'pi_1',
      amountPaid: 999,
      amountRefunded: 300,
    });
  });

  it('maps a dispute opened or closed', () => {
    const dispute = { id: 'dp_1', amount: 999, status: 'lost', payment_intent: 'pi_1' };
    expect(paymentEventOf(stripeEvent('charge.dispute.closed', dispute))).toEqual({
      kind: 'dispute',
      eventId: 'evt_1',
      type: 'charge.dispute.closed',
      paymentIntentId: 'pi_1',
      amount: 999,
      disputeId: 'dp_1',
      status: 'lost',
    });
  });

  it('reads any other event as of no concern', () => {
    expect(paymentEventOf(stripeEvent('customer.created', {}))).toEqual({
      kind: 'other',
      eventId: 'evt_1',
      type: 'customer.created',
    });
  });
});

describe('recordProviderEvent (the domain decides)', () => {
  const view: CheckoutSessionView = {
    id: 'cs_1',
    payment_status: 'unpaid',
    metadata: {},
    amount_total: 999,
    line_items: null,
  };
  const noPayments = {} as PaymentsGateway;
  const quiet = () => {};

  it('acknowledges an event of no concern without touching anything', async () => {
    expect(
      await recordProviderEvent({ db: memoryDb(), payments: noPayments }, { kind: 'other', eventId: 'e', type: 't' }),
    ).toEqual({
      received: true,
    });
  });

  it('credits nothing for a completed session whose payment is still pending, unless the event confirms it', async () => {
    const deps = { db: memoryDb(), payments: noPayments, log: quiet };
    const pending = { kind: 'checkout', eventId: 'e', type: 't', session: view, paymentConfirmed: false } as const;
    expect(await recordProviderEvent(deps, pending)).toEqual({ received: true, credited: false });
    // confirmed, but no user named: logged and acknowledged, nothing credited
    expect(await recordProviderEvent(deps, { ...pending, paymentConfirmed: true })).toEqual({
      received: true,
      credited: false,
    });
  });

  it('acknowledges a refund of a payment no session of ours took', async () => {
    const payments = { sessionOfPaymentIntent: async () => null } as unknown as PaymentsGateway;
    const refund = {
      kind: 'refund',
      eventId: 'e',
      type: 'charge.refunded',
      paymentIntentId: 'pi_x',
      amountPaid: 1,
      amountRefunded: 1,
    } as const;
    expect(await recordProviderEvent({ db: memoryDb(), payments, log: quiet }, refund)).toEqual({
      received: true,
      reversed: false,
    });
  });
});
