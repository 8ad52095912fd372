/**
 * A payment that completes after its account was deleted is given back through Stripe, exactly once: the refund
 * carries an idempotency key derived from the payment (a retried call, or another delivery within Stripe's 24 hours,
 * gets the first refund back, never a second), and it is recorded on the tombstone, so later deliveries of the same
 * event acknowledge without asking Stripe again.
 */
import { logger } from '../logging.ts';
import type { PaymentsGateway } from './checkout.ts';
import { systemClock, type Clock, type Db } from './db.ts';
import { getUser } from './users.ts';

export const refundKeyOf = (paymentIntentId: string) => `refund-deleted-account-${paymentIntentId}`;

export async function refundPaymentOfDeletedAccount(
  deps: { db: Db; clock?: Clock; payments: Pick<PaymentsGateway, 'refundPayment'> },
  p: { userId: string; sessionId: string; paymentIntentId: string },
): Promise<{ refunded: 'now' | 'before' }> {
  const tombstone = await getUser(deps, p.userId);
  if ((tombstone?.refundedSessions ?? []).includes(p.sessionId)) return { refunded: 'before' };
  const refundId = await deps.payments.refundPayment(p.paymentIntentId, refundKeyOf(p.paymentIntentId));
  const at = (deps.clock ?? systemClock).now().toISOString();
  const recorded = await deps.db.users.recordRefundOnTombstone({
    userId: p.userId,
    sessionId: p.sessionId,
    refundId,
    at,
  });
  logger.info('payment for a deleted account refunded', { ...p, refundId, recorded });
  return { refunded: recorded ? 'now' : 'before' };
}
