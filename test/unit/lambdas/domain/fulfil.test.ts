/**
 * One payment credits one account once, on the in-memory stores, in the exact orders that broke it (the DynamoDB side:
 * test/integration/api-account-final.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from '#lambdas/domain/db.ts';
import { accountOfSession, fulfil, type PaidSession } from '#lambdas/domain/fulfil.ts';
import { ensureProfile, getUser } from '#lambdas/domain/users.ts';
import { newCaller } from '#test/support/domain.ts';
import { memoryDb } from '#test/support/memory-stores/index.ts';

afterEach(() => vi.restoreAllMocks());

const now = new Date('2026-12-01T10:00:00.000Z');
const clock: Clock = { now: () => now };
const paid = (sessionId: string, userId: string, clientReferenceId?: string): PaidSession => ({
  sessionId,
  userId,
  metadata: { userId, numCredits: '10', packageId: '10-ratings' },
  amountTotal: 399,
  currency: 'usd',
  ...(clientReferenceId ? { clientReferenceId } : {}),
});

describe('one payment credits one account once', () => {
  it('a session credited to A and replayed naming B credits nobody, and is logged at ERROR', async () => {
    const db = memoryDb();
    const [a, b] = [newCaller('a'), newCaller('b')];
    await ensureProfile({ db, clock }, a);
    await ensureProfile({ db, clock }, b);
    expect(await fulfil({ db, clock, log: () => {} }, paid('cs_1', a.userId, a.userId))).toMatchObject({
      kind: 'credited',
    });
    const logs: Record<string, unknown>[] = [];
    const replay = await fulfil({ db, clock, log: (e) => logs.push(e) }, paid('cs_1', b.userId));
    expect(replay).toMatchObject({ kind: 'unrecognised', credited: false, added: 0 });
    expect(logs).toContainEqual(expect.objectContaining({ level: 'ERROR', sessionId: 'cs_1', creditedTo: a.userId }));
    expect((await getUser({ db }, a.userId))?.credits).toBe(10);
    expect((await getUser({ db }, b.userId))?.credits).toBe(0);
    // refunds and disputes of that session move A's ledger, whatever its metadata says now
    expect(await accountOfSession(db, { id: 'cs_1', metadata: { userId: b.userId } })).toBe(a.userId);
  });

  it('a session whose metadata.userId differs from its client_reference_id is refused before anything is written', async () => {
    const db = memoryDb();
    const [a, b] = [newCaller('a'), newCaller('b')];
    await ensureProfile({ db, clock }, b);
    const logs: Record<string, unknown>[] = [];
    const out = await fulfil({ db, clock, log: (e) => logs.push(e) }, paid('cs_2', b.userId, a.userId));
    expect(out).toMatchObject({ kind: 'unrecognised', credited: false });
    expect(logs).toContainEqual(expect.objectContaining({ level: 'ERROR', clientReferenceId: a.userId }));
    expect((await getUser({ db }, b.userId))?.credits).toBe(0);
    expect(await db.users.creditedTo('cs_2')).toBeUndefined();
    expect(
      await accountOfSession(db, { id: 'cs_2', metadata: { userId: b.userId }, clientReferenceId: a.userId }),
    ).toBeUndefined();
  });
});
