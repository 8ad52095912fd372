/** The return page's receipt on the in-memory stores: new purchase or an old session opened again, by its record. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Caller } from '#lambdas/domain/caller.ts';
import type { PaymentsGateway } from '#lambdas/domain/checkout.ts';
import type { Clock } from '#lambdas/domain/db.ts';
import { fulfil } from '#lambdas/domain/fulfil.ts';
import { confirmCheckout, RECEIPT_FRESH_MS } from '#lambdas/domain/purchase-receipt.ts';
import { memoryDb } from '#test/support/memory-stores/index.ts';

const at = (ms: number): Clock => ({ now: () => new Date(Date.UTC(2026, 0, 1) + ms) });

function paidSession(who: Caller, sessionId: string): PaymentsGateway {
  const view = {
    id: sessionId,
    payment_status: 'paid',
    metadata: { userId: who.userId, numCredits: '10', packageId: '10-ratings' },
    amount_total: 399,
    currency: 'usd',
    line_items: null,
    clientReferenceId: who.userId,
  };
  const unused = async (): Promise<never> => {
    throw new Error('not used');
  };
  return {
    createCustomer: unused,
    createCheckoutSession: unused,
    retrieveSession: async (id) => (id === sessionId ? view : null),
    sessionOfPaymentIntent: async () => null,
    refundPayment: unused,
    deleteCustomer: unused,
    customersOf: async () => [],
  };
}

describe('confirmCheckout', () => {
  const who: Caller = {
    userId: `rcpt-${randomUUID()}`,
    cognitoUsername: 'r',
    email: 'r@example.com',
    federated: false,
  };
  const sessionId = `cs_${randomUUID()}`;
  const db = memoryDb();
  const deps = (clock: Clock) => ({
    db,
    payments: paidSession(who, sessionId),
    siteUrl: 'http://site',
    clock,
    log: () => {},
  });

  it('the webhook credited first: the return page still reads a new purchase of 10 credits', async () => {
    const webhook = await fulfil(
      { db, clock: at(0), log: () => {} },
      {
        sessionId,
        userId: who.userId,
        metadata: { numCredits: '10', packageId: '10-ratings' },
        amountTotal: 399,
        currency: 'usd',
      },
    );
    expect(webhook.kind).toBe('credited');
    const confirmed = await confirmCheckout(deps(at(5_000)), who, sessionId);
    expect(confirmed).toMatchObject({ credited: false, credits: 10, receipt: { credits: 10, fresh: true } });
  });

  it('the same session opened again after RECEIPT_FRESH_MS: already processed, nothing added', async () => {
    const confirmed = await confirmCheckout(deps(at(RECEIPT_FRESH_MS + 60_000)), who, sessionId);
    expect(confirmed).toMatchObject({ credited: false, credits: 10, receipt: { credits: 10, fresh: false } });
  });
});
