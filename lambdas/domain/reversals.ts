/**
 * Stripe stays the truth about money: when a payment is refunded (`charge.refunded`) or disputed
 * (`charge.dispute.created`), the credits it bought and the user has not spent yet are taken back, never below zero,
 * and the event is recorded on the purchase (shown in the account export). Credits already spent on analyses are not
 * taken back: those analyses ran and their ratings stay. One conditional update per purchase, so a replayed or a second
 * event (a dispute after a refund) changes nothing: the first reversal of a purchase is its only one. A partial refund
 * takes back that share of the purchase's credits, rounded up.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed, systemClock, type Clock, type Db } from './db.ts';
import { getUser, type PurchaseReversal } from './users.ts';

export interface Reversal {
  userId: string;
  sessionId: string;
  kind: PurchaseReversal['kind'];
  eventId: string;
  /** share of the payment given back (refunds: amount refunded / amount paid; disputes: 1) */
  share: number;
}

export type ReversalOutcome =
  | { reversed: true; creditsTaken: number; credits: number }
  | { reversed: false; why: 'no purchase' | 'already reversed' };

export async function reversePurchase(deps: { db: Db; clock?: Clock }, r: Reversal): Promise<ReversalOutcome> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const user = await getUser(deps, r.userId);
    const index = (user?.purchases ?? []).findIndex((p) => p.sessionId === r.sessionId);
    if (!user || index < 0) return { reversed: false, why: 'no purchase' };
    const purchase = user.purchases![index]!;
    if (purchase.reversal) return { reversed: false, why: 'already reversed' };
    const balance = user.credits ?? 0;
    const creditsTaken = Math.min(balance, Math.ceil(purchase.credits * Math.min(1, Math.max(0, r.share))));
    const reversal: PurchaseReversal = {
      kind: r.kind,
      eventId: r.eventId,
      creditsTaken,
      at: (deps.clock ?? systemClock).now().toISOString(),
    };
    try {
      await deps.db.doc.send(
        new UpdateCommand({
          TableName: deps.db.tables.users,
          Key: { userId: r.userId },
          UpdateExpression: `SET credits = :after, purchases[${index}].reversal = :r, updatedAt = :now`,
          // the balance it was computed from, and the purchase still unreversed at that place in the list
          ConditionExpression: `credits = :before AND purchases[${index}].sessionId = :sid AND attribute_not_exists(purchases[${index}].reversal)`,
          ExpressionAttributeValues: {
            ':after': balance - creditsTaken,
            ':before': balance,
            ':sid': r.sessionId,
            ':r': reversal,
            ':now': reversal.at,
          },
        }),
      );
      return { reversed: true, creditsTaken, credits: balance - creditsTaken };
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
      // the balance moved (an analysis, a purchase) or another delivery reversed it: read again
    }
  }
  throw new Error(`could not reverse purchase ${r.sessionId} of ${r.userId}`);
}
