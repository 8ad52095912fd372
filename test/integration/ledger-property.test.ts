/**
 * The purchase ledger under random interleavings (issue #28): completions (delivered late or more than once), partial
 * and full refunds (cumulative, as Stripe reports them), disputes opened and closed, replays of any earlier event, and
 * analyses (reserved, then completed with a rating or failed) on one account, at the domain level against DynamoDB
 * Local. After every step: credits = granted − spent − taken back ≥ 0, and every completed payment's entry accounts for
 * exactly the credits it lost (taken + spent + held by a reservation).
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { fulfil } from '#lambdas/domain/fulfil.ts';
import { creditsLost, type PaymentFact } from '#lambdas/domain/ledger.ts';
import { refundReservation, reserveAnalysis } from '#lambdas/domain/reservations.ts';
import { recordPaymentEvent } from '#lambdas/domain/reversals.ts';
import { createUserIfAbsent, getUser, newUserItem } from '#lambdas/domain/users.ts';
import { PACKAGES } from '#shared/packages.ts';
import { stackDb, stackDynamo } from './domain-support.ts';

const stack = inject('stack');
const quiet = () => {};

type Step =
  | { kind: 'complete'; pack: number }
  | { kind: 'refund'; pack: number; part: number }
  | { kind: 'dispute'; pack: number; close: 'won' | 'lost' | 'warning_closed' | null }
  | { kind: 'replay'; which: number }
  | { kind: 'analysis'; outcome: 'rating' | 'failed' | 'in-flight' }
  | { kind: 'settle'; outcome: 'rating' | 'failed' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('complete' as const), pack: fc.nat(1) }),
  fc.record({
    kind: fc.constant('refund' as const),
    pack: fc.nat(1),
    part: fc.double({ min: 0.05, max: 1, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant('dispute' as const),
    pack: fc.nat(1),
    close: fc.constantFrom(null, 'won' as const, 'lost' as const, 'warning_closed' as const),
  }),
  fc.record({ kind: fc.constant('replay' as const), which: fc.nat(40) }),
  fc.record({
    kind: fc.constantFrom('analysis' as const),
    outcome: fc.constantFrom('rating' as const, 'failed' as const, 'in-flight' as const),
  }),
  fc.record({ kind: fc.constant('settle' as const), outcome: fc.constantFrom('rating' as const, 'failed' as const) }),
);

describe('the purchase ledger under random orders of events', () => {
  it('credits = granted − spent − taken back ≥ 0 after every step', async () => {
    const dynamo = stackDynamo(stack);
    const db = stackDb(stack, dynamo);
    const packs = [PACKAGES[0]!, PACKAGES[1]!];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 22 }), async (steps) => {
        const userId = `prop-${randomUUID()}`;
        await createUserIfAbsent(
          { db },
          newUserItem(userId, { username: 'prop', email: '', firstName: null, lastName: null }, new Date()),
        );
        const sessions = packs.map(() => `cs_prop_${randomUUID()}`);
        const refunded = packs.map(() => 0);
        const disputes = packs.map((): { id: string; closed: boolean } | null => null);
        const sent: { pack: number; fact: PaymentFact }[] = [];
        let spent = 0;
        let inFlight: string | null = null;

        const deliver = (pack: number, fact: PaymentFact) =>
          recordPaymentEvent({ db }, { userId, sessionId: sessions[pack]!, currency: 'usd', fact });
        const endAnalysis = async (id: string, outcome: 'rating' | 'failed') => {
          if (outcome === 'failed') return void (await refundReservation({ db }, userId, id, 'failed'));
          try {
            // what storing the rating does to the user's item (RatingStore.recordClosingReservation), without the rating
            await dynamo.doc.send(
              new UpdateCommand({
                TableName: dynamo.tables.users,
                Key: { userId },
                UpdateExpression: 'SET updatedAt = :now REMOVE pendingAnalysis',
                ConditionExpression: 'pendingAnalysis.id = :id',
                ExpressionAttributeValues: { ':id': id, ':now': new Date().toISOString() },
              }),
            );
            spent += 1;
          } catch {
            // the reservation was no longer this analysis's: nothing stored, nothing spent
          }
        };

        for (const s of steps) {
          if (s.kind === 'complete') {
            const pkg = packs[s.pack]!;
            await fulfil(
              { db, log: quiet },
              {
                sessionId: sessions[s.pack]!,
                userId,
                metadata: { numCredits: String(pkg.numRatings), packageId: pkg.id },
                amountTotal: pkg.price,
                currency: 'usd',
              },
            );
          } else if (s.kind === 'refund') {
            const price = packs[s.pack]!.price;
            const left = price - refunded[s.pack]!;
            if (left <= 0) continue; // Stripe refuses a refund beyond the charge
            refunded[s.pack]! += Math.max(1, Math.min(left, Math.round(left * s.part)));
            const fact: PaymentFact = {
              kind: 'refund',
              eventId: `evt_${randomUUID()}`,
              amountPaid: price,
              amountRefunded: refunded[s.pack]!,
            };
            sent.push({ pack: s.pack, fact });
            await deliver(s.pack, fact);
          } else if (s.kind === 'dispute') {
            const known = disputes[s.pack];
            if (known?.closed || (s.close !== null && !known)) continue; // one dispute per charge, closed once
            const dispute = known ?? { id: `dp_${randomUUID()}`, closed: false };
            dispute.closed = s.close !== null;
            disputes[s.pack] = dispute;
            const fact: PaymentFact = {
              kind: 'dispute',
              eventId: `evt_${randomUUID()}`,
              amountPaid: packs[s.pack]!.price,
              disputeId: dispute.id,
              status: s.close ?? 'needs_response',
            };
            sent.push({ pack: s.pack, fact });
            await deliver(s.pack, fact);
          } else if (s.kind === 'replay') {
            const earlier = sent[s.which % Math.max(1, sent.length)];
            if (earlier) await deliver(earlier.pack, earlier.fact);
          } else if (s.kind === 'analysis') {
            if (inFlight) continue;
            const id = randomUUID();
            try {
              await reserveAnalysis({ db }, userId, id);
            } catch {
              continue; // no credit: refused before any work, nothing charged
            }
            if (s.outcome === 'in-flight') inFlight = id;
            else await endAnalysis(id, s.outcome);
          } else if (inFlight) {
            await endAnalysis(inFlight, s.outcome);
            inFlight = null;
          }

          const user = (await getUser({ db }, userId))!;
          const entries = user.purchases ?? [];
          const granted = entries.reduce((n, p) => n + (p.awaitingCompletion ? 0 : p.credits), 0);
          const taken = entries.reduce((n, p) => n + (p.creditsTaken ?? 0), 0);
          const reserved = user.pendingAnalysis ? 1 : 0;
          expect(user.credits).toBeGreaterThanOrEqual(0);
          expect(user.credits + reserved).toBe(granted - spent - taken);
          for (const p of entries) {
            if (p.awaitingCompletion) continue;
            const held = p.heldReservation ? 1 : 0;
            expect((p.creditsTaken ?? 0) + (p.creditsSpent ?? 0) + held).toBe(creditsLost(p));
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 180_000);
});
