/**
 * The credit rules on the in-memory stores (test/support/memory-stores/, which keep the DynamoDB stores' conditions:
 * store-contract.test.ts): reserve, refund and spend for analyses; fulfil; refunds and disputes through the ledger.
 * The same rules run against DynamoDB Local in the integration tests (api-reservations, api-domain-concurrency,
 * api-event-orders, ledger-property).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeForUser, type AnalysisOutput, type Analyze } from '#lambdas/domain/analyze.ts';
import type { Clock, Db } from '#lambdas/domain/db.ts';
import { photoRefused } from '#lambdas/domain/errors.ts';
import type { DomainEvent } from '#lambdas/domain/events.ts';
import { fulfil } from '#lambdas/domain/fulfil.ts';
import type { PaymentFact } from '#lambdas/domain/ledger.ts';
import { RESERVATION_TTL_MS, refundReservation, reserveAnalysis } from '#lambdas/domain/reservations.ts';
import { recordPaymentEvent } from '#lambdas/domain/reversals.ts';
import { ensureProfile, getUser, markDeleted } from '#lambdas/domain/users.ts';
import { PACKAGES } from '#shared/packages.ts';
import { callerWithCredits, newCaller, standInAnalysis, tinyJpeg } from '#test/support/domain.ts';
import { memoryDb } from '#test/support/memory-stores/index.ts';

const PACK = PACKAGES[0]!;
const quiet = () => {};
let thumb: Uint8Array;

beforeAll(async () => {
  thumb = await tinyJpeg();
});

const output = (): AnalysisOutput => standInAnalysis(thumb);
const image = () => ({ kind: 'image' as const, bytes: thumb });
const later = (ms: number): Clock => ({ now: () => new Date(Date.now() + ms) });

/** a signed-up user holding `credits` */
const userWith = (db: Db, credits: number) => callerWithCredits(db, credits, 'rules');

const balance = async (db: Db, userId: string) => (await getUser({ db }, userId))?.credits;
const ratingsOf = async (db: Db, userId: string) => (await db.ratings.summaries(userId, {})).items.length;

const paid = (userId: string, sessionId = `cs_${randomUUID()}`) => ({
  sessionId,
  userId,
  metadata: { numCredits: String(PACK.numRatings), packageId: PACK.id },
  amountTotal: PACK.price,
  currency: 'usd',
});

const refund = (amountRefunded: number): PaymentFact => ({
  kind: 'refund',
  eventId: `evt_${randomUUID()}`,
  amountPaid: PACK.price,
  amountRefunded,
});

describe('credits for analyses (in-memory stores)', () => {
  it('an analysis spends one credit and stores one rating; a refused photo gives the credit back', async () => {
    const db = memoryDb();
    const who = await userWith(db, 2);
    const events: DomainEvent[] = [];
    await analyzeForUser({ db, analyze: async () => output(), events: (e) => events.push(e) }, who, image());
    expect(await balance(db, who.userId)).toBe(1);
    expect(await ratingsOf(db, who.userId)).toBe(1);
    const refuse: Analyze = async () => {
      throw photoRefused('This photo is too dark to see your hairline.', 'too_dark');
    };
    await expect(analyzeForUser({ db, analyze: refuse }, who, image())).rejects.toMatchObject({
      code: 'photo-refused',
    });
    expect(await balance(db, who.userId)).toBe(1);
    expect(await ratingsOf(db, who.userId)).toBe(1);
    expect((await getUser({ db }, who.userId))?.pendingAnalysis).toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(['credit-reserved', 'analysis-completed']);
  });

  it('one analysis in flight per user: a second is refused and costs nothing; without credits, none', async () => {
    const db = memoryDb();
    const who = await userWith(db, 3);
    const first = await reserveAnalysis({ db }, who.userId, 'r-1');
    await expect(reserveAnalysis({ db }, who.userId, 'r-2')).rejects.toMatchObject({ code: 'analysis-in-flight' });
    expect(await balance(db, who.userId)).toBe(2);
    expect(await refundReservation({ db }, who.userId, first.id, 'failed')).toBe(true);
    expect(await refundReservation({ db }, who.userId, first.id, 'failed')).toBe(false);
    expect(await balance(db, who.userId)).toBe(3);
    const poor = await userWith(db, 0);
    await expect(reserveAnalysis({ db }, poor.userId, 'r-3')).rejects.toMatchObject({ code: 'insufficient-credits' });
  });

  it('a reservation whose invocation died is refunded once it has expired, by the next request', async () => {
    const db = memoryDb();
    const who = await userWith(db, 1);
    await reserveAnalysis({ db }, who.userId, 'r-dead');
    await ensureProfile({ db }, who);
    expect(await balance(db, who.userId)).toBe(0);
    const events: DomainEvent[] = [];
    await ensureProfile({ db, clock: later(RESERVATION_TTL_MS + 1000), events: (e) => events.push(e) }, who);
    expect(await balance(db, who.userId)).toBe(1);
    expect(events).toEqual([{ type: 'credit-expired' }]);
  });

  it('a rating is not stored once its reservation is gone (the account was deleted during the analysis)', async () => {
    const db = memoryDb();
    const who = await userWith(db, 1);
    const deletingMeanwhile: Analyze = async () => {
      await markDeleted({ db }, who.userId);
      return output();
    };
    await expect(analyzeForUser({ db, analyze: deletingMeanwhile }, who, image())).rejects.toMatchObject({
      code: 'reservation-lost',
    });
    expect(await ratingsOf(db, who.userId)).toBe(0);
  });
});

describe('fulfil (in-memory stores)', () => {
  it('credits a session once, however many deliveries arrive at the same time', async () => {
    const db = memoryDb();
    const who = await userWith(db, 0);
    const session = paid(who.userId);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => fulfil({ db, log: quiet }, session)));
    expect(outcomes.filter((o) => o.credited)).toHaveLength(1);
    expect(outcomes.map((o) => o.kind).sort()).toEqual([
      'already-credited',
      'already-credited',
      'already-credited',
      'already-credited',
      'already-credited',
      'credited',
    ]);
    expect(await balance(db, who.userId)).toBe(PACK.numRatings);
  });

  it('a payment before the first call makes a provisional profile, which the first call adopts with its credits', async () => {
    const db = memoryDb();
    const who = newCaller('rules');
    expect(await fulfil({ db, log: quiet }, { ...paid(who.userId), email: 'early@example.com' })).toMatchObject({
      kind: 'credited',
    });
    expect(await getUser({ db }, who.userId)).toMatchObject({ provisional: true, username: 'early' });
    const profile = await ensureProfile({ db }, who);
    expect(profile).toMatchObject({ credits: PACK.numRatings, username: 'rules', email: who.email });
    expect(profile.provisional).toBeUndefined();
  });

  it('a payment for a deleted account is neither credited nor turned into a new profile', async () => {
    const db = memoryDb();
    const who = await userWith(db, 0);
    await markDeleted({ db }, who.userId);
    expect(await fulfil({ db, log: quiet }, paid(who.userId))).toMatchObject({ kind: 'account-deleted', credits: 0 });
    expect(await getUser({ db }, who.userId)).toEqual({ userId: who.userId, deletedAt: expect.any(String) });
  });
});

describe('refunds and disputes through the ledger (in-memory stores)', () => {
  it('a full refund takes back what is left, never below zero; the spent credits are recorded as spent', async () => {
    const db = memoryDb();
    const who = await userWith(db, 0);
    const session = paid(who.userId);
    await fulfil({ db, log: quiet }, session);
    await db.users.patch(who.userId, { credits: PACK.numRatings - 4 }, new Date().toISOString()); // 4 spent
    const event = { userId: who.userId, sessionId: session.sessionId, currency: 'usd', fact: refund(PACK.price) };
    expect(await recordPaymentEvent({ db }, event)).toMatchObject({ changed: true, credits: 0, state: 'refunded' });
    expect((await getUser({ db }, who.userId))?.purchases?.[0]).toMatchObject({
      creditsTaken: PACK.numRatings - 4,
      creditsSpent: 4,
    });
    // the same event again (a replay) changes nothing
    expect(await recordPaymentEvent({ db }, event)).toEqual({ changed: false, why: 'nothing to change' });
    expect(await balance(db, who.userId)).toBe(0);
  });

  it('a refund while an analysis is in flight claims its credit: if the analysis fails, the credit stays with the payment', async () => {
    const db = memoryDb();
    const who = await userWith(db, 0);
    const session = paid(who.userId);
    await fulfil({ db, log: quiet }, session);
    await db.users.patch(who.userId, { credits: 1 }, new Date().toISOString()); // all but one spent
    const pending = await reserveAnalysis({ db }, who.userId, 'r-held');
    const event = { userId: who.userId, sessionId: session.sessionId, currency: 'usd', fact: refund(PACK.price) };
    await recordPaymentEvent({ db }, event);
    expect((await getUser({ db }, who.userId))?.pendingAnalysis?.heldFor).toBe(session.sessionId);
    expect(await refundReservation({ db }, who.userId, pending.id, 'failed')).toBe(true);
    const after = await getUser({ db }, who.userId);
    expect(after?.credits).toBe(0);
    expect(after?.pendingAnalysis).toBeUndefined();
    expect(after?.purchases?.[0]).toMatchObject({ creditsTaken: 1, creditsSpent: PACK.numRatings - 1 });
  });

  it('a refund before the completion: the late completion credits only what the payment has not lost', async () => {
    const db = memoryDb();
    const who = await userWith(db, 0);
    const session = paid(who.userId);
    const half = Math.floor(PACK.price / 2);
    const event = { userId: who.userId, sessionId: session.sessionId, currency: 'usd', fact: refund(half) };
    await recordPaymentEvent({ db }, event);
    expect(await balance(db, who.userId)).toBe(0);
    const outcome = await fulfil({ db, log: quiet }, session);
    const lost = Math.ceil((PACK.numRatings * half) / PACK.price);
    expect(outcome).toMatchObject({ kind: 'credited', added: PACK.numRatings - lost });
    expect(await fulfil({ db, log: quiet }, session)).toMatchObject({ kind: 'already-credited' });
    expect(await balance(db, who.userId)).toBe(PACK.numRatings - lost);
  });
});
