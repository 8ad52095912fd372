import { describe, expect, it } from 'vitest';
import {
  applyFact,
  completeLate,
  creditsLost,
  fromStored,
  isNoOp,
  settle,
  type PaymentFact,
  type PurchaseRecord,
} from '#lambdas/domain/ledger.ts';

const pack = (over: Partial<PurchaseRecord> = {}): PurchaseRecord => ({
  sessionId: 'cs_1',
  credits: 10,
  amountTotal: 399,
  currency: 'usd',
  at: '2026-11-01T00:00:00.000Z',
  creditsTaken: 0,
  ...over,
});
const refund = (amountRefunded: number, eventId = `evt_r${amountRefunded}`): PaymentFact => ({
  kind: 'refund',
  eventId,
  amountPaid: 399,
  amountRefunded,
});
const dispute = (status: string, disputeId = 'dp_1'): PaymentFact => ({
  kind: 'dispute',
  eventId: `evt_${status}`,
  amountPaid: 399,
  disputeId,
  status,
});

describe('the purchase ledger (pure rules)', () => {
  it('a refund in two parts takes back exactly the unspent share: 3 credits for 100 of 399, then the other 7', () => {
    const first = settle(applyFact(pack(), refund(100)), { credits: 10 });
    expect(first).toMatchObject({ creditsDelta: -3, entry: { creditsTaken: 3, state: 'partially-refunded' } });
    const second = settle(applyFact(first.entry, refund(399)), { credits: 7 });
    expect(second).toMatchObject({ creditsDelta: -7, entry: { creditsTaken: 10, state: 'refunded' } });
    // the first event again, late: the cumulative amount never shrinks, nothing moves
    const late = settle(applyFact(second.entry, refund(100)), { credits: 0 });
    expect(isNoOp(second.entry, late)).toBe(true);
  });

  it('spent credits stay spent and are not taken from credits bought later', () => {
    const full = settle(applyFact(pack(), refund(399)), { credits: 4 });
    expect(full).toMatchObject({ creditsDelta: -4, entry: { creditsTaken: 4, creditsSpent: 6 } });
    const replay = settle(applyFact(full.entry, refund(399)), { credits: 50 });
    expect(isNoOp(full.entry, replay)).toBe(true);
  });

  it('a refund before the completion: the late completion credits only what is left (nothing for a full refund)', () => {
    const early = applyFact(pack({ credits: 0, awaitingCompletion: true, amountTotal: null }), refund(399));
    expect(settle(early, { credits: 5 })).toMatchObject({
      creditsDelta: 0,
      entry: { state: 'refunded-before-completion' },
    });
    expect(completeLate(early, 10, 'now')).toMatchObject({
      creditsDelta: 0,
      entry: { creditsTaken: 10, state: 'refunded' },
    });
    const partial = applyFact(pack({ credits: 0, awaitingCompletion: true }), refund(100));
    expect(completeLate(partial, 10, 'now')).toMatchObject({ creditsDelta: 7, entry: { creditsTaken: 3 } });
  });

  it('the credit a reservation holds is claimed, never twice; spent when its analysis completed', () => {
    const step = settle(applyFact(pack(), refund(399)), { credits: 9, pending: { id: 'r1' } });
    expect(step).toMatchObject({ creditsDelta: -9, hold: 'r1', entry: { creditsTaken: 9, heldReservation: 'r1' } });
    // a replay while the reservation runs: nothing
    expect(
      isNoOp(
        step.entry,
        settle(applyFact(step.entry, refund(399)), { credits: 0, pending: { id: 'r1', heldFor: 'cs_1' } }),
      ),
    ).toBe(true);
    // the analysis completed (the reservation is gone, the credit was spent): the next look records it as spent
    const after = settle(step.entry, { credits: 10 });
    expect(after).toMatchObject({ creditsDelta: 0, entry: { creditsTaken: 9, creditsSpent: 1 } });
    expect(after.entry.heldReservation).toBeUndefined();
    // another payment cannot claim a reservation already held
    expect(
      settle(applyFact(pack({ sessionId: 'cs_2' }), refund(399)), {
        credits: 0,
        pending: { id: 'r1', heldFor: 'cs_1' },
      }).hold,
    ).toBeUndefined();
  });

  it('a dispute takes all it can; won gives the taken credits back, lost keeps them; a late "created" does not reopen it', () => {
    const open = settle(applyFact(pack(), dispute('needs_response')), { credits: 6 });
    expect(open).toMatchObject({ creditsDelta: -6, entry: { state: 'disputed', creditsTaken: 6, creditsSpent: 4 } });
    const won = settle(applyFact(open.entry, dispute('won')), { credits: 0 });
    expect(won).toMatchObject({ creditsDelta: 6, entry: { state: 'completed', creditsTaken: 0, creditsSpent: 0 } });
    expect(isNoOp(won.entry, settle(applyFact(won.entry, dispute('needs_response')), { credits: 6 }))).toBe(true);
    const lost = settle(applyFact(open.entry, dispute('lost')), { credits: 0 });
    expect(lost).toMatchObject({ creditsDelta: 0, entry: { state: 'disputed', dispute: { status: 'lost' } } });
    // an inquiry closed without a chargeback gives back like a win; a refund still counts after it
    const partial = settle(applyFact(pack(), refund(200)), { credits: 10 });
    expect(partial.creditsDelta).toBe(-6); // 200 of 399 of 10 credits: 5.01, rounded up
    const inquiry = settle(applyFact(partial.entry, dispute('warning_needs_response')), { credits: 4 });
    expect(inquiry.creditsDelta).toBe(-4);
    const closed = settle(applyFact(inquiry.entry, dispute('warning_closed')), { credits: 0 });
    expect(closed).toMatchObject({ creditsDelta: 4, entry: { creditsTaken: creditsLost(partial.entry) } });
  });

  it('an entry stored before the ledger keeps what its first reversal took', () => {
    const legacy = pack({
      creditsTaken: undefined,
      reversal: { kind: 'refund', eventId: 'evt_1', creditsTaken: 4, at: 'then' },
    });
    const migrated = fromStored(legacy);
    expect(creditsLost(migrated)).toBe(4);
    expect(settle(migrated, { credits: 20 }).creditsDelta).toBe(0);
    expect(settle(applyFact(migrated, refund(399)), { credits: 20 }).creditsDelta).toBe(-6);
  });
});
