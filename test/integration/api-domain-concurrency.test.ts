/**
 * Concurrency at the domain level, against the stack's DynamoDB Local (no mocks of it): 200 analyses of one user racing
 * for 50 credits with a fast in-test analyzer (the real model 200 times would take minutes on 2 cores; the gateway-level
 * bursts with the real model are in `npm run bench:load`, scripts/bench/lib/analyze-burst.ts), and fulfil racing with itself.
 */
import { randomUUID } from 'node:crypto';
import { setCredits } from '../support/users.ts';
import { newCaller, ratingsOf, stackDb, standInAnalysis, tinyJpeg } from '../support/domain.ts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { analyzeForUser, type AnalysisOutput } from '#lambdas/domain/analyze.ts';
import { verifyCheckout, type PaymentsGateway } from '#lambdas/domain/checkout.ts';
import type { Db } from '#lambdas/domain/db.ts';
import { fulfil } from '#lambdas/domain/fulfil.ts';
import { ensureProfile, getUser } from '#lambdas/domain/users.ts';
import { DomainError, type DomainErrorCode } from '#lambdas/domain/errors.ts';
import { AMOUNT_FALLBACK_BEFORE } from '#shared/packages.ts';

const stack = inject('stack');
let db: Db;
let thumb: Uint8Array;

beforeAll(async () => {
  db = stackDb(stack);
  thumb = await tinyJpeg();
});

/** the two refusals (402, 429) a request racing for credits may get */
const REFUSED: DomainErrorCode[] = ['insufficient-credits', 'analysis-in-flight'];

const caller = () => newCaller('domain');

/** A fast analyzer standing in for the engine in this test only (dependency injection, not a production path). */
const fastAnalyze = async (): Promise<AnalysisOutput> => {
  await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
  return standInAnalysis(thumb);
};

const setBalance = (userId: string, credits: number) => setCredits(stack, userId, credits);

describe('analyze under concurrency (domain, DynamoDB Local)', () => {
  it('200 concurrent analyses of one user with 50 credits: one in flight at a time, each 200 took one credit, the rest 429/402', async () => {
    const who = caller();
    await ensureProfile({ db }, who);
    await setBalance(who.userId, 50);
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    const countingAnalyze = async () => {
      runs++;
      maxRunning = Math.max(maxRunning, ++running);
      try {
        return await fastAnalyze();
      } finally {
        running--;
      }
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        analyzeForUser({ db, analyze: countingAnalyze }, who, { kind: 'image', bytes: thumb }),
      ),
    );
    const ok = outcomes.filter((o) => o.status === 'fulfilled').length;
    const codeOf = (o: PromiseSettledResult<unknown>) =>
      o.status === 'rejected' && o.reason instanceof DomainError ? o.reason.code : undefined;
    const other = outcomes.filter((o) => o.status === 'rejected' && !REFUSED.includes(codeOf(o)!));
    expect(other.map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(runs).toBe(ok); // a refused request never reached the analyzer
    expect(maxRunning).toBe(1);
    expect((await getUser({ db }, who.userId))?.credits).toBe(50 - ok);
    expect(await ratingsOf(stack, who.userId)).toBe(ok);
    expect((await getUser({ db }, who.userId))?.pendingAnalysis).toBeUndefined();
  });

  it('30 users × 5 concurrent requests with 2 credits each: ratings = credits taken for every user', async () => {
    const users = Array.from({ length: 30 }, caller);
    for (const u of users) {
      await ensureProfile({ db }, u);
      await setBalance(u.userId, 2);
    }
    const outcomes = await Promise.allSettled(
      users.flatMap((u) =>
        Array.from({ length: 5 }, () =>
          analyzeForUser({ db, analyze: fastAnalyze }, u, { kind: 'image', bytes: thumb }),
        ),
      ),
    );
    const unexpected = outcomes.filter(
      (o) => o.status === 'rejected' && !(o.reason instanceof DomainError && REFUSED.includes(o.reason.code)),
    );
    expect(unexpected.map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
    for (const u of users) {
      const item = await getUser({ db }, u.userId);
      expect(await ratingsOf(stack, u.userId)).toBe(2 - item!.credits);
      expect(item!.pendingAnalysis).toBeUndefined();
    }
  });
});

describe('fulfil under concurrency (domain, DynamoDB Local)', () => {
  it('30 concurrent fulfils of one session credit once, for an existing and for a not-yet-existing profile', async () => {
    for (const existing of [true, false]) {
      const who = caller();
      if (existing) await ensureProfile({ db }, who);
      const sessionId = `cs_test_${randomUUID()}`;
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, () =>
          fulfil(
            { db, log: () => {} },
            {
              sessionId,
              userId: who.userId,
              metadata: { numCredits: '10', packageId: '10-ratings', userId: who.userId },
              amountTotal: 399,
              currency: 'usd',
            },
          ),
        ),
      );
      expect(outcomes.filter((o) => o.credited)).toHaveLength(1);
      expect(outcomes.every((o) => o.credits === 10)).toBe(true);
      const item = await getUser({ db }, who.userId);
      expect(item).toMatchObject({
        credits: 10,
        processedSessions: [sessionId],
        lastPurchaseCredits: 10,
        lastPurchaseAmount: 399,
      });
      // the provisional profile made by a payment takes the user's identity on their first call
      const profile = await ensureProfile({ db }, who);
      expect(profile).toMatchObject({ username: who.cognitoUsername, credits: 10 });
      expect(profile.provisional).toBeUndefined();
    }
  });

  it('credits from the amount fallback only without numCredits, before the cut-off, and refuses unknown amounts', async () => {
    const who = caller();
    await ensureProfile({ db }, who);
    const logs: Record<string, unknown>[] = [];
    const before = AMOUNT_FALLBACK_BEFORE - 86_400_000;
    const out = await fulfil(
      { db, log: (e) => logs.push(e) },
      {
        sessionId: `cs_${randomUUID()}`,
        userId: who.userId,
        metadata: { userId: who.userId },
        amountTotal: 1499,
        currency: 'usd',
        createdAt: before,
      },
    );
    expect(out).toMatchObject({ credited: true, credits: 50 });
    expect(logs.some((l) => String(l.message).includes('fallback'))).toBe(true);
    const refused = [
      { amountTotal: 123, createdAt: before },
      // a session that paid nothing: never credited from its line item's text
      { amountTotal: 0, createdAt: before },
      // made since our checkout wrote numCredits, or at an unknown time: not ours
      { amountTotal: 799, createdAt: AMOUNT_FALLBACK_BEFORE },
      { amountTotal: 799, createdAt: null },
    ];
    for (const session of refused) {
      await expect(
        fulfil(
          { db, log: () => {} },
          { sessionId: `cs_${randomUUID()}`, userId: who.userId, metadata: {}, currency: 'usd', ...session },
        ),
        JSON.stringify(session),
      ).resolves.toMatchObject({ kind: 'unrecognised', credited: false });
    }
    expect((await getUser({ db }, who.userId))?.credits).toBe(50);
  });

  it('credits nothing for a paid session that is not what our checkout sells (pack, credits, amount, currency), and logs why', async () => {
    const who = caller();
    await ensureProfile({ db }, who);
    const forged: { metadata: Record<string, string>; amountTotal: number; currency: string }[] = [
      {
        metadata: { userId: who.userId, numCredits: '10000', packageId: '10-ratings' },
        amountTotal: 1,
        currency: 'jpy',
      },
      { metadata: { userId: who.userId, numCredits: '50', packageId: '50-ratings' }, amountTotal: 1, currency: 'usd' },
      {
        metadata: { userId: who.userId, numCredits: '50', packageId: '50-ratings' },
        amountTotal: 699,
        currency: 'jpy',
      },
      {
        metadata: { userId: who.userId, numCredits: '50', packageId: '10-ratings' },
        amountTotal: 399,
        currency: 'usd',
      },
      { metadata: { userId: who.userId, numCredits: '10' }, amountTotal: 399, currency: 'usd' },
      { metadata: { userId: who.userId }, amountTotal: 799, currency: 'eur' },
    ];
    for (const session of forged) {
      const logs: Record<string, unknown>[] = [];
      await expect(
        fulfil({ db, log: (e) => logs.push(e) }, { sessionId: `cs_${randomUUID()}`, userId: who.userId, ...session }),
        JSON.stringify(session),
      ).resolves.toMatchObject({ kind: 'unrecognised', credited: false });
      expect(
        logs.some((l) => l.level === 'ERROR' && typeof l.reason === 'string'),
        JSON.stringify(logs),
      ).toBe(true);
    }
    expect((await getUser({ db }, who.userId))?.credits ?? 0).toBe(0);
    const paid = await fulfil(
      { db, log: () => {} },
      {
        sessionId: `cs_${randomUUID()}`,
        userId: who.userId,
        metadata: { numCredits: '50', packageId: '50-ratings' },
        amountTotal: 699,
        currency: 'usd',
      },
    );
    expect(paid).toMatchObject({ credited: true, credits: 50 });
  });

  it('verify credits a paid session the webhook never delivered (in-test payments gateway)', async () => {
    const who = caller();
    const sessionId = `cs_test_${randomUUID()}`;
    const payments: PaymentsGateway = {
      createCustomer: async () => 'cus_x',
      createCheckoutSession: async () => ({ id: sessionId, url: 'http://x' }),
      retrieveSession: async (id) =>
        id === sessionId
          ? {
              id,
              payment_status: 'paid',
              metadata: { userId: who.userId, numCredits: '10', packageId: '10-ratings' },
              amount_total: 399,
              currency: 'usd',
              line_items: null,
            }
          : null,
      sessionOfPaymentIntent: async () => null,
      refundPayment: async () => 're_x',
      deleteCustomer: async () => {},
      customersOf: async () => [],
    };
    const deps = { db, payments, siteUrl: 'http://site', log: () => {} };
    const first = await verifyCheckout(deps, who, sessionId);
    expect(first).toMatchObject({ credited: true, credits: 10 });
    const second = await verifyCheckout(deps, who, sessionId);
    expect(second).toMatchObject({ credited: false, credits: 10 });
  });
});
