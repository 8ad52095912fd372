/**
 * The conditions every store's write holds, as one suite run against both implementations: the in-memory stores (unit
 * project, test/unit/lambdas/domain/ports.test.ts) and the DynamoDB stores on DynamoDB Local (integration project,
 * test/integration/store-contract.test.ts). A write DynamoDB refuses must be refused in memory the same way, or the
 * domain's unit tests would prove rules that production does not keep.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '#lambdas/domain/db.ts';
import { ConditionFailed } from '#lambdas/domain/ports/condition-failed.ts';
import type { LedgerWrite, PendingAnalysis, UserItem } from '#lambdas/domain/ports/users.ts';
import type { PurchaseRecord } from '#lambdas/domain/ledger.ts';
import type { RatingItem } from '#lambdas/domain/rating-item.ts';
import { newUserItem } from '#lambdas/domain/users.ts';

const NOW = '2026-03-01T10:00:00.000Z';

const userItem = (credits = 0): UserItem => ({
  ...newUserItem(
    `contract-${randomUUID()}`,
    { username: 'c', email: 'c@example.com', firstName: null, lastName: null },
    new Date(NOW),
  ),
  credits,
});

const pendingFor = (id = randomUUID()): PendingAnalysis => ({
  id,
  expiresAt: Date.parse(NOW) + 60_000,
  startedAt: NOW,
});

/** a session id of this run: the global record of credited sessions keeps every one the stack has credited */
const sessionId = (name: string) => `${name}_${randomUUID()}`;

/** two live profiles with no credits */
async function twoUsers(db: Db): Promise<[UserItem, UserItem]> {
  const users: [UserItem, UserItem] = [userItem(0), userItem(0)];
  for (const u of users) await db.users.createIfAbsent(u);
  return users;
}

/** the ledger step of a full refund that arrives before its session's completion: the entry it opens on `userId` */
const earlyRefund = (userId: string, sessionId: string): LedgerWrite => ({
  basis: { userId, index: -1, sessionId, version: undefined, credits: 0, pendingId: undefined },
  step: {
    entry: { ...purchase(sessionId, 0), awaitingCompletion: true, state: 'refunded-before-completion' },
    creditsDelta: 0,
  },
  now: NOW,
});

const purchase = (sessionId: string, credits: number): PurchaseRecord => ({
  sessionId,
  credits,
  amountTotal: 399,
  currency: 'usd',
  at: NOW,
  creditsTaken: 0,
  state: 'completed',
  v: 1,
});

/** a small stored rating: the fields the stores read, nothing the contract does not need */
const ratingFor = (userId: string, id: string, createdAt: string): RatingItem =>
  ({
    id,
    userId,
    isPremium: true,
    createdAt,
    updatedAt: createdAt,
    score: 60,
    rating: 'Mid',
    measurements: {
      hairlineHeightRatio: 0.3,
      templeRecession: 0.1,
      frontalCoverage: 0.8,
      faceFound: true,
      confidence: 0.7,
    },
    norwoodStage: 2,
    thumbnail: Uint8Array.from([1, 2, 3]),
    overlay: Uint8Array.from([4, 5, 6]),
  }) as unknown as RatingItem;

export function storeContract(name: string, makeDb: () => Db): void {
  describe(`${name}: the users store`, () => {
    it('creates an item once; a tombstone counts as one', async () => {
      const db = makeDb();
      const u = userItem();
      expect(await db.users.createIfAbsent(u)).toBe(true);
      expect(await db.users.createIfAbsent({ ...u, credits: 9 })).toBe(false);
      expect((await db.users.get(u.userId))?.credits).toBe(0);
      await db.users.markDeleted(u.userId, NOW);
      expect(await db.users.createIfAbsent(u)).toBe(false);
      expect(await db.users.get(u.userId)).toEqual({ userId: u.userId, deletedAt: NOW });
    });

    it('writes a profile only while it is live', async () => {
      const db = makeDb();
      const u = userItem();
      await expect(db.users.patch(u.userId, { bio: 'x' }, NOW)).rejects.toBeInstanceOf(ConditionFailed);
      await db.users.createIfAbsent(u);
      expect(await db.users.patch(u.userId, { bio: 'hello' }, NOW)).toMatchObject({ bio: 'hello', updatedAt: NOW });
      expect(await db.users.setStripeCustomerIfAbsent(u.userId, 'cus_1', NOW)).toBe(true);
      expect(await db.users.setStripeCustomerIfAbsent(u.userId, 'cus_2', NOW)).toBe(false);
      expect((await db.users.get(u.userId))?.stripeCustomerId).toBe('cus_1');
      await db.users.replaceStripeCustomer(u.userId, 'cus_3', NOW);
      expect((await db.users.get(u.userId))?.stripeCustomerId).toBe('cus_3');
      await db.users.markDeleted(u.userId, NOW);
      await expect(db.users.patch(u.userId, { bio: 'x' }, NOW)).rejects.toBeInstanceOf(ConditionFailed);
      await expect(db.users.replaceStripeCustomer(u.userId, 'cus_4', NOW)).rejects.toBeInstanceOf(ConditionFailed);
      expect(await db.users.setStripeCustomerIfAbsent(u.userId, 'cus_5', NOW)).toBe(false);
      expect(await db.users.reserveCredit(u.userId, pendingFor())).toEqual({
        reserved: false,
        seen: { deleted: true },
      });
    });

    it('adopts only a provisional item', async () => {
      const db = makeDb();
      const u = userItem();
      const names = { username: 'real', email: 'r@example.com', firstName: 'R', lastName: null };
      await db.users.createIfAbsent(u);
      expect(await db.users.adoptProvisional(u.userId, names, NOW)).toBeUndefined();
      const p = userItem();
      await db.users.createIfAbsent({ ...p, provisional: true });
      const adopted = await db.users.adoptProvisional(p.userId, names, NOW);
      expect(adopted).toMatchObject(names);
      expect(adopted?.provisional).toBeUndefined();
      expect(await db.users.adoptProvisional(p.userId, names, NOW)).toBeUndefined();
    });

    it('reserves a credit only with one to take and no analysis in flight, and says what it saw', async () => {
      const db = makeDb();
      expect(await db.users.reserveCredit(`nobody-${randomUUID()}`, pendingFor())).toEqual({ reserved: false });
      const poor = userItem(0);
      await db.users.createIfAbsent(poor);
      expect(await db.users.reserveCredit(poor.userId, pendingFor())).toEqual({ reserved: false, seen: {} });
      const u = userItem(2);
      await db.users.createIfAbsent(u);
      const first = pendingFor();
      expect(await db.users.reserveCredit(u.userId, first)).toEqual({ reserved: true });
      expect(await db.users.reserveCredit(u.userId, pendingFor())).toEqual({
        reserved: false,
        seen: { pending: first },
      });
      expect(await db.users.get(u.userId)).toMatchObject({ credits: 1, pendingAnalysis: first });
    });

    it('refunds a reservation once, and only its own', async () => {
      const db = makeDb();
      const u = userItem(1);
      await db.users.createIfAbsent(u);
      const p = pendingFor();
      await db.users.reserveCredit(u.userId, p);
      expect(await db.users.refundReservation(u.userId, 'another', NOW)).toBe(false);
      expect(await db.users.refundReservation(u.userId, p.id, NOW)).toBe(true);
      expect(await db.users.refundReservation(u.userId, p.id, NOW)).toBe(false);
      const after = await db.users.get(u.userId);
      expect(after?.credits).toBe(1);
      expect(after?.pendingAnalysis).toBeUndefined();
    });

    it('fulfils a purchase once, never on a tombstone', async () => {
      const db = makeDb();
      const u = userItem(3);
      const [a, b, c] = [sessionId('cs_a'), sessionId('cs_b'), sessionId('cs_c')];
      await db.users.createIfAbsent(u);
      expect(await db.users.fulfilPurchase(u.userId, purchase(a, 10), NOW)).toBe(13);
      expect(await db.users.fulfilPurchase(u.userId, purchase(a, 10), NOW)).toBeUndefined();
      expect(await db.users.get(u.userId)).toMatchObject({
        credits: 13,
        processedSessions: [a],
        purchases: [purchase(a, 10)],
        lastPurchaseCredits: 10,
      });
      expect(await db.users.creditedTo(a)).toBe(u.userId);
      expect(await db.users.fulfilPurchase(`nobody-${randomUUID()}`, purchase(b, 10), NOW)).toBeUndefined();
      expect(await db.users.creditedTo(b)).toBeUndefined();
      await db.users.markDeleted(u.userId, NOW);
      expect(await db.users.fulfilPurchase(u.userId, purchase(c, 10), NOW)).toBeUndefined();
      expect(await db.users.creditedTo(c)).toBeUndefined();
    });

    it('credits a session to one user only, ever: the global record is written with the credit', async () => {
      const db = makeDb();
      const [first, second] = await twoUsers(db);
      const s = sessionId('cs_once');
      const results = await Promise.all([
        db.users.fulfilPurchase(first.userId, purchase(s, 10), NOW),
        db.users.fulfilPurchase(second.userId, purchase(s, 10), NOW),
      ]);
      expect(results.filter((r) => r === 10)).toHaveLength(1);
      const winner = results[0] === 10 ? first : second;
      const loser = winner === first ? second : first;
      expect(await db.users.creditedTo(s)).toBe(winner.userId);
      expect(await db.users.get(loser.userId)).toMatchObject({ credits: 0 });
      expect((await db.users.get(loser.userId))?.processedSessions).toBeUndefined();
      // nor does a refund or dispute that would open the session's entry on the other account
      expect(await db.users.writeLedgerStep(earlyRefund(loser.userId, s))).toBe(false);
      expect((await db.users.get(loser.userId))?.purchases).toBeUndefined();
    });

    it("an early refund makes the session its account's: a completion naming another account is refused", async () => {
      const db = makeDb();
      const [owner, other] = await twoUsers(db);
      const s = sessionId('cs_early');
      const early = earlyRefund(owner.userId, s);
      expect(await db.users.writeLedgerStep(early)).toBe(true);
      expect(await db.users.creditedTo(s)).toBe(owner.userId);
      expect(await db.users.fulfilPurchase(other.userId, purchase(s, 10), NOW)).toBeUndefined();
      // its own late completion goes through
      const late = { ...early.basis, index: 0, version: 1 };
      const completed = {
        entry: { ...purchase(s, 10), creditsTaken: 10, state: 'refunded' as const },
        creditsDelta: 0,
      };
      const completion = { credits: 10, amountTotal: 399 };
      expect(await db.users.writeLedgerStep({ basis: late, step: completed, now: NOW, completion })).toBe(true);
      expect((await db.users.get(owner.userId))?.processedSessions).toEqual([s]);
      expect((await db.users.get(other.userId))?.credits).toBe(0);
    });

    it('writes a tombstone once: a second deletion keeps its time and the refunds recorded on it', async () => {
      const db = makeDb();
      const u = { ...userItem(4), stripeCustomerId: 'cus_kept' };
      await db.users.createIfAbsent(u);
      const first = await db.users.markDeleted(u.userId, NOW);
      expect(first).toMatchObject({ marked: true, replaced: { userId: u.userId, stripeCustomerId: 'cus_kept' } });
      await db.users.recordRefundOnTombstone({ userId: u.userId, sessionId: 'cs_late', refundId: 're_1', at: NOW });
      expect(await db.users.markDeleted(u.userId, '2026-03-02T00:00:00.000Z')).toEqual({ marked: false });
      expect(await db.users.get(u.userId)).toMatchObject({
        deletedAt: NOW,
        refundedSessions: ['cs_late'],
        refunds: [{ sessionId: 'cs_late', refundId: 're_1', at: NOW }],
      });
      const none = `nobody-${randomUUID()}`;
      expect(await db.users.markDeleted(none, NOW)).toEqual({ marked: true, replaced: undefined });
    });

    it('writes a ledger step only on the state it was computed from', async () => {
      const db = makeDb();
      const u = userItem(0);
      await db.users.createIfAbsent(u);
      const l = sessionId('cs_l');
      await db.users.fulfilPurchase(u.userId, purchase(l, 10), NOW);
      const step = {
        entry: { ...purchase(l, 10), creditsTaken: 10, state: 'refunded' as const },
        creditsDelta: -10,
      };
      const basis = { userId: u.userId, index: 0, sessionId: l, version: 1, credits: 10, pendingId: undefined };
      expect(await db.users.writeLedgerStep({ basis: { ...basis, credits: 9 }, step, now: NOW })).toBe(false);
      expect(await db.users.writeLedgerStep({ basis: { ...basis, version: 2 }, step, now: NOW })).toBe(false);
      expect(await db.users.writeLedgerStep({ basis: { ...basis, pendingId: 'x' }, step, now: NOW })).toBe(false);
      expect(await db.users.writeLedgerStep({ basis, step, now: NOW })).toBe(true);
      expect(await db.users.writeLedgerStep({ basis, step, now: NOW })).toBe(false);
      expect(await db.users.get(u.userId)).toMatchObject({ credits: 0, purchases: [{ creditsTaken: 10, v: 2 }] });
    });

    it('records an early reversal once, and a hold on the analysis in flight', async () => {
      const db = makeDb();
      const u = userItem(0);
      await db.users.createIfAbsent(u);
      const p = pendingFor();
      await db.users.createIfAbsent(u);
      await db.users.patch(u.userId, { credits: 1 }, NOW);
      await db.users.reserveCredit(u.userId, p);
      const entry = { ...purchase('cs_e', 0), awaitingCompletion: true, state: 'refunded-before-completion' as const };
      const basis = { userId: u.userId, index: -1, sessionId: 'cs_e', version: undefined, credits: 0, pendingId: p.id };
      const step = { entry: { ...entry, heldReservation: p.id }, creditsDelta: 0, hold: p.id };
      expect(await db.users.writeLedgerStep({ basis, step, now: NOW })).toBe(true);
      expect(await db.users.writeLedgerStep({ basis, step, now: NOW })).toBe(false);
      const after = await db.users.get(u.userId);
      expect(after).toMatchObject({ reversedEarly: ['cs_e'], pendingAnalysis: { id: p.id, heldFor: 'cs_e' } });
      // a held reservation is not refunded to the balance, and ends only through its payment's entry
      expect(await db.users.refundReservation(u.userId, p.id, NOW)).toBe(false);
      expect(await db.users.fulfilPurchase(u.userId, purchase('cs_e', 10), NOW)).toBeUndefined();
      const end = { userId: u.userId, reservationId: p.id, index: 0, entry: after!.purchases![0]!, now: NOW };
      expect(await db.users.endHeldReservation({ ...end, version: 7 })).toBe(false);
      expect(await db.users.endHeldReservation({ ...end, version: 1 })).toBe(true);
      expect((await db.users.get(u.userId))?.pendingAnalysis).toBeUndefined();
    });

    it('records a refund on a tombstone once, and never on a live profile', async () => {
      const db = makeDb();
      const u = userItem();
      await db.users.createIfAbsent(u);
      const refund = { userId: u.userId, sessionId: 'cs_t', refundId: 're_1', at: NOW };
      expect(await db.users.recordRefundOnTombstone(refund)).toBe(false);
      await db.users.markDeleted(u.userId, NOW);
      expect(await db.users.recordRefundOnTombstone(refund)).toBe(true);
      expect(await db.users.recordRefundOnTombstone(refund)).toBe(false);
      expect((await db.users.get(u.userId))?.refundedSessions).toEqual(['cs_t']);
    });
  });

  describe(`${name}: the ratings and shares stores`, () => {
    async function userWithRating(db: Db) {
      const u = userItem(1);
      await db.users.createIfAbsent(u);
      const p = pendingFor();
      await db.users.reserveCredit(u.userId, p);
      const rating = ratingFor(u.userId, p.id, NOW);
      expect(await db.ratings.recordClosingReservation(rating)).toBe('recorded');
      return { u, rating };
    }

    it('records a rating only with its reservation in flight, closing it', async () => {
      const db = makeDb();
      const u = userItem(1);
      await db.users.createIfAbsent(u);
      expect(await db.ratings.recordClosingReservation(ratingFor(u.userId, randomUUID(), NOW))).toBe(
        'reservation-lost',
      );
      const { rating } = await userWithRating(db);
      expect((await db.users.get(rating.userId))?.pendingAnalysis).toBeUndefined();
      expect(await db.ratings.get(rating.id, { consistent: true })).toMatchObject({ id: rating.id, score: 60 });
      expect(await db.ratings.recordClosingReservation(rating)).toBe('reservation-lost');
    });

    it('lists summaries newest first, without the overlay; earlier ratings before a time', async () => {
      const db = makeDb();
      const { u, rating } = await userWithRating(db);
      const p = pendingFor();
      await db.users.patch(u.userId, { credits: 1 }, NOW);
      await db.users.reserveCredit(u.userId, p);
      await db.ratings.recordClosingReservation(ratingFor(u.userId, p.id, '2026-03-02T10:00:00.000Z'));
      const { items } = await db.ratings.summaries(u.userId, { limit: 10 });
      expect(items.map((i) => i.id)).toEqual([p.id, rating.id]);
      expect(items[0]?.overlay).toBeUndefined();
      expect(items[0]?.thumbnail).toEqual(Uint8Array.from([1, 2, 3]));
      expect((await db.ratings.earlier(u.userId, '2026-03-02T10:00:00.000Z', 5)).map((r) => r.id)).toEqual([rating.id]);
    });

    it("makes one share per rating, never for a deleted owner; revokes only the rating's own", async () => {
      const db = makeDb();
      const { u, rating } = await userWithRating(db);
      const share = (shareId: string) => ({
        shareId,
        ratingId: rating.id,
        userId: u.userId,
        anonymous: false,
        includePhoto: false,
        createdAt: NOW,
        updatedAt: NOW,
      });
      const a = `share-a-${randomUUID()}`;
      expect(await db.shares.create(share(a))).toBe('created');
      expect(await db.shares.create(share(`share-b-${randomUUID()}`))).toBe('conflict');
      expect((await db.ratings.ownershipOf(rating.id))?.shareId).toBe(a);
      const key = { shareId: a, ratingId: rating.id, userId: 'someone-else' };
      expect(await db.shares.updateOptions(key, { anonymous: true }, NOW)).toBeUndefined();
      expect(await db.shares.updateOptions({ ...key, userId: u.userId }, { anonymous: true }, NOW)).toMatchObject({
        anonymous: true,
        includePhoto: false,
      });
      expect(await db.shares.revoke(u.userId, rating.id, 'not-its-share')).toBe(false);
      expect(await db.shares.revoke(u.userId, rating.id, a)).toBe(true);
      expect(await db.shares.get(a)).toBeUndefined();
      expect((await db.ratings.ownershipOf(rating.id))?.shareId).toBeUndefined();
      await db.users.markDeleted(u.userId, NOW);
      expect(await db.shares.create(share(`share-c-${randomUUID()}`))).toBe('account-deleted');
    });

    it('deletes a rating only for its owner, and says which share it had', async () => {
      const db = makeDb();
      const { u, rating } = await userWithRating(db);
      const shareId = `share-d-${randomUUID()}`;
      await db.shares.create({
        shareId,
        ratingId: rating.id,
        userId: u.userId,
        anonymous: false,
        includePhoto: true,
        createdAt: NOW,
        updatedAt: NOW,
      });
      expect(await db.ratings.deleteOwned('someone-else', rating.id)).toBeUndefined();
      expect(await db.ratings.deleteOwned(u.userId, rating.id)).toEqual({ id: rating.id, userId: u.userId, shareId });
      expect(await db.ratings.deleteOwned(u.userId, rating.id)).toBeUndefined();
      expect(await db.ratings.delete(rating.id)).toBeUndefined();
    });

    it('keeps what the user said the photo is of: in the rating, its summary and the earlier ratings progress reads', async () => {
      const db = makeDb();
      const u = userItem(1);
      await db.users.createIfAbsent(u);
      const p = pendingFor();
      await db.users.reserveCredit(u.userId, p);
      const r = { ...ratingFor(u.userId, p.id, NOW), photoOf: 'hairline' as const };
      expect(await db.ratings.recordClosingReservation(r)).toBe('recorded');
      expect((await db.ratings.get(r.id))?.photoOf).toBe('hairline');
      expect((await db.ratings.summaries(u.userId, { limit: 1 })).items[0]?.photoOf).toBe('hairline');
      expect((await db.ratings.earlier(u.userId, '2026-03-03T10:00:00.000Z', 5))[0]?.photoOf).toBe('hairline');
    });

    it("sets a rating's identity only for its owner; forgets face descriptors without bringing a deleted rating back", async () => {
      const db = makeDb();
      const u = userItem(2);
      await db.users.createIfAbsent(u);
      const face = Uint8Array.from({ length: 4096 }, (_, i) => i % 251);
      const rated = async (at: string) => {
        const p = pendingFor();
        await db.users.reserveCredit(u.userId, p);
        const r = { ...ratingFor(u.userId, p.id, at), identity: 'unconfirmed' as const, faceDescriptor: face };
        expect(await db.ratings.recordClosingReservation(r)).toBe('recorded');
        return r;
      };
      const first = await rated(NOW);
      const second = await rated('2026-03-02T10:00:00.000Z');
      const earlier = await db.ratings.earlier(u.userId, '2026-03-03T10:00:00.000Z', 5);
      expect(earlier[0]).toMatchObject({ id: second.id, identity: 'unconfirmed', faceDescriptor: face });
      const [summary] = (await db.ratings.summaries(u.userId, { limit: 1 })).items;
      expect(summary).toMatchObject({ identity: 'unconfirmed', faceDescriptor: face });

      expect(await db.ratings.setIdentity('someone-else', first.id, 'you')).toBe(false);
      expect(await db.ratings.setIdentity(u.userId, `missing-${randomUUID()}`, 'you')).toBe(false);
      expect(await db.ratings.get(first.id, { consistent: true })).toMatchObject({ identity: 'unconfirmed' });
      expect(await db.ratings.setIdentity(u.userId, first.id, 'you')).toBe(true);
      expect(await db.ratings.get(first.id, { consistent: true })).toMatchObject({
        identity: 'you',
        identityBy: 'answer',
        faceDescriptor: face,
      });
      // someone else's face is not kept
      expect(await db.ratings.setIdentity(u.userId, second.id, 'someone-else')).toBe(true);
      const other = await db.ratings.get(second.id, { consistent: true });
      expect(other).toMatchObject({ identity: 'someone-else', identityBy: 'answer' });
      expect(other?.faceDescriptor).toBeUndefined();

      expect(await db.ratings.forgetFaces(u.userId)).toBe(1);
      expect((await db.ratings.get(first.id, { consistent: true }))?.faceDescriptor).toBeUndefined();
      expect(await db.ratings.forgetFaces(u.userId)).toBe(0);
      await db.ratings.delete(first.id);
      await db.ratings.forgetFace(first.id);
      expect(await db.ratings.get(first.id, { consistent: true })).toBeUndefined();
    });
  });

  describe(`${name}: uploads, counters and reminders`, () => {
    it('stores an upload id once; counts atomically; claims a reminder only at the time it was read', async () => {
      const db = makeDb();
      const upload = {
        id: randomUUID(),
        kind: 'upload' as const,
        jpeg: Uint8Array.from([9]),
        createdAt: NOW,
        expiresAt: 1,
      };
      await db.uploads.put(upload);
      await expect(db.uploads.put(upload)).rejects.toBeInstanceOf(ConditionFailed);
      expect(await db.uploads.get(upload.id)).toEqual(upload);
      const key = `contract#${randomUUID()}`;
      expect(await db.counters.read(key)).toBe(0);
      expect(await Promise.all([db.counters.add(key, 1), db.counters.add(key, 1), db.counters.add(key, 1)])).toEqual(
        expect.arrayContaining([1, 2, 3]),
      );
      expect(await db.counters.read(key)).toBe(3);
      const u = userItem();
      const userId = u.userId;
      const reminder = { userId, schedule: 'retake' as const, dueAt: NOW, email: 'r@example.com', createdAt: NOW };
      // only beside a live profile: none yet, then live
      expect(await db.reminders.putWhileLive(reminder)).toBe(false);
      expect(await db.reminders.get(userId)).toBeUndefined();
      await db.users.createIfAbsent(u);
      expect(await db.reminders.putWhileLive(reminder)).toBe(true);
      expect(await db.reminders.claim(userId, '2026-01-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z')).toBe(false);
      expect(await db.reminders.claim(userId, NOW, '2026-04-01T00:00:00.000Z')).toBe(true);
      expect(await db.reminders.claim(userId, NOW, '2026-05-01T00:00:00.000Z')).toBe(false);
      expect((await db.reminders.get(userId))?.dueAt).toBe('2026-04-01T00:00:00.000Z');
      // never beside a tombstone
      await db.users.markDeleted(userId, NOW);
      await db.reminders.delete(userId);
      expect(await db.reminders.putWhileLive(reminder)).toBe(false);
      expect(await db.reminders.get(userId)).toBeUndefined();
    });
  });
}
