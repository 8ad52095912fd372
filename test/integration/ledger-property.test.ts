/**
 * The purchase ledger under random interleavings (issue #28): completions (delivered late or more than once), partial
 * and full refunds (cumulative, as Stripe reports them), disputes opened and closed, replays of any earlier event, and
 * analyses (reserved, then completed with a rating or failed) on one account, at the domain level against DynamoDB
 * Local. After every step: credits = granted − spent − taken back ≥ 0, and every completed payment's entry accounts for
 * exactly the credits it lost (taken + spent + held by a reservation).
 *
 * Beside the account, another one: completions of the account's sessions arrive naming the other user (metadata edited
 * on Stripe's side), with or without the account in `client_reference_id`, and completions of the other's own session
 * naming the account. Refunds and disputes go where the webhook sends them (accountOfSession: the account the session
 * belongs to). After every step a session has entries on one account at most, the one the global record names, and
 * both accounts' balances follow their own ledgers.
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { accountOfSession, fulfil } from '#lambdas/domain/fulfil.ts';
import { creditsLost, type PaymentFact } from '#lambdas/domain/ledger.ts';
import { refundReservation, reserveAnalysis } from '#lambdas/domain/reservations.ts';
import { recordPaymentEvent } from '#lambdas/domain/reversals.ts';
import { createUserIfAbsent, getUser, newUserItem } from '#lambdas/domain/users.ts';
import { PACKAGES } from '#shared/packages.ts';
import { stackDb, stackDynamo } from '../support/domain.ts';

const stack = inject('stack');
const quiet = () => {};

type Step =
  | { kind: 'complete'; pack: number }
  | { kind: 'refund'; pack: number; part: number }
  | { kind: 'dispute'; pack: number; close: 'won' | 'lost' | 'warning_closed' | null }
  | { kind: 'replay'; which: number }
  | { kind: 'analysis'; outcome: 'rating' | 'failed' | 'in-flight' }
  | { kind: 'settle'; outcome: 'rating' | 'failed' }
  /** a completion of session `pack` (2: the other user's own) naming the user it does not belong to */
  | { kind: 'misnamed'; pack: number; reference: boolean };

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
  fc.record({ kind: fc.constant('misnamed' as const), pack: fc.nat(2), reference: fc.boolean() }),
);

describe('the purchase ledger under random orders of events', () => {
  it('credits = granted − spent − taken back ≥ 0 after every step', async () => {
    const dynamo = stackDynamo(stack);
    const db = stackDb(stack, dynamo);
    const packs = [PACKAGES[0]!, PACKAGES[1]!];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 22 }), async (steps) => {
        const userId = `prop-${randomUUID()}`;
        const otherId = `prop-other-${randomUUID()}`;
        for (const id of [userId, otherId]) {
          await createUserIfAbsent(
            { db },
            newUserItem(id, { username: 'prop', email: '', firstName: null, lastName: null }, new Date()),
          );
        }
        // the account's two sessions, then the other user's own (of the first pack)
        const sessions = [...packs, packs[0]!].map(() => `cs_prop_${randomUUID()}`);
        const ownerOf = (pack: number) => (pack === 2 ? otherId : userId);
        const packOf = (pack: number) => packs[pack % 2]!;
        const refunded = sessions.map(() => 0);
        const disputes = sessions.map((): { id: string; closed: boolean } | null => null);
        const sent: { pack: number; fact: PaymentFact }[] = [];
        let spent = 0;
        let inFlight: string | null = null;

        /** a refund or dispute, to the account the webhook finds for the session */
        const deliver = async (pack: number, fact: PaymentFact) => {
          const sessionId = sessions[pack]!;
          const metadata = { userId: ownerOf(pack) };
          const account = await accountOfSession(db, { id: sessionId, metadata, clientReferenceId: ownerOf(pack) });
          if (account) await recordPaymentEvent({ db }, { userId: account, sessionId, currency: 'usd', fact });
        };
        const complete = (pack: number, named: string, reference: string | undefined) => {
          const pkg = packOf(pack);
          return fulfil(
            { db, log: quiet },
            {
              sessionId: sessions[pack]!,
              userId: named,
              metadata: { userId: named, numCredits: String(pkg.numRatings), packageId: pkg.id },
              amountTotal: pkg.price,
              currency: 'usd',
              ...(reference ? { clientReferenceId: reference } : {}),
            },
          );
        };
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
            await complete(s.pack, userId, userId);
          } else if (s.kind === 'misnamed') {
            const owner = ownerOf(s.pack);
            const named = owner === userId ? otherId : userId;
            await complete(s.pack, named, s.reference ? owner : undefined);
          } else if (s.kind === 'refund') {
            const price = packOf(s.pack).price;
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
              amountPaid: packOf(s.pack).price,
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

          const [user, other] = [(await getUser({ db }, userId))!, (await getUser({ db }, otherId))!];
          for (const [account, spentBy] of [
            [user, spent],
            [other, 0],
          ] as const) {
            const entries = account.purchases ?? [];
            const granted = entries.reduce((n, p) => n + (p.awaitingCompletion ? 0 : p.credits), 0);
            const taken = entries.reduce((n, p) => n + (p.creditsTaken ?? 0), 0);
            const reserved = account.pendingAnalysis ? 1 : 0;
            expect(account.credits).toBeGreaterThanOrEqual(0);
            expect(account.credits + reserved).toBe(granted - spentBy - taken);
            for (const p of entries) {
              if (p.awaitingCompletion) continue;
              const held = p.heldReservation ? 1 : 0;
              expect((p.creditsTaken ?? 0) + (p.creditsSpent ?? 0) + held).toBe(creditsLost(p));
            }
          }
          // one payment, one account: a session's entries sit on the account the global record names, or nowhere
          for (const sessionId of sessions) {
            const holders = [user, other].filter((a) => (a.purchases ?? []).some((p) => p.sessionId === sessionId));
            expect(holders.length).toBeLessThanOrEqual(1);
            const recorded = await db.users.creditedTo(sessionId);
            expect(holders.map((a) => a.userId)).toEqual(recorded === undefined ? [] : [recorded]);
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 180_000);
});
