/**
 * Nothing outlives a deleted account, on the in-memory stores: the rules of the domain in the exact orders that broke
 * them (the DynamoDB side: test/integration/api-account-final.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '#lambdas/logging.ts';
import type { Clock } from '#lambdas/domain/db.ts';
import { deleteAccount } from '#lambdas/domain/account.ts';
import { sendDueReminders, turnOnReminder, type Mailer } from '#lambdas/domain/reminders.ts';
import { ensureProfile, getUser, markDeleted } from '#lambdas/domain/users.ts';
import { hmacTokenSigner } from '#lambdas/adapters/reminder-token.ts';
import { newCaller } from '#test/support/domain.ts';
import { memoryDb } from '#test/support/memory-stores/index.ts';

afterEach(() => vi.restoreAllMocks());

const now = new Date('2026-12-01T10:00:00.000Z');
const clock: Clock = { now: () => now };

describe('nothing outlives a deleted account', () => {
  const payments = async () => ({ deleteCustomer: async () => {}, customersOf: async () => [] });
  const identity = { deleteUser: async () => {} };

  it('a reminder request that read the profile before the deletion writes nothing after it', async () => {
    const db = memoryDb();
    const who = newCaller('late');
    await ensureProfile({ db, clock }, who);
    await deleteAccount({ db, identity, payments }, who);
    await expect(turnOnReminder({ db, clock }, who)).rejects.toMatchObject({ code: 'account-deleted' });
    expect(db.tables.reminders.size).toBe(0);
  });

  it('a second deletion leaves the tombstone as the first wrote it', async () => {
    const db = memoryDb();
    const who = newCaller('twice');
    await ensureProfile({ db, clock }, who);
    await deleteAccount({ db, identity, payments }, who);
    await db.users.recordRefundOnTombstone({ userId: who.userId, sessionId: 'cs_x', refundId: 're_x', at: 'then' });
    const tombstone = await getUser({ db }, who.userId);
    await deleteAccount({ db: memoryDb(db.tables), identity, payments }, who);
    expect(await getUser({ db }, who.userId)).toEqual(tombstone);
    expect(await markDeleted({ db, clock: { now: () => new Date() } }, who.userId)).toEqual({ marked: false });
  });

  it('the sender logs a failed e-mail by its error code only, never the message that names the recipient', async () => {
    const db = memoryDb();
    const who = newCaller('bounce');
    await ensureProfile({ db, clock }, who);
    await turnOnReminder({ db, clock: { now: () => new Date(now.getTime() - 40 * 86_400_000) } }, who);
    const errors: unknown[][] = [];
    vi.spyOn(logger, 'error').mockImplementation(((...args: unknown[]) => void errors.push(args)) as never);
    const failing: Mailer = {
      send: async () => {
        throw Object.assign(new Error(`Email address is not verified: ${who.email}`), { name: 'MessageRejected' });
      },
    };
    const out = await sendDueReminders({
      db,
      mailer: failing,
      signer: hmacTokenSigner('a-test-key-of-enough-length'),
      siteUrl: 'http://site.example',
      clock,
    });
    expect(out).toEqual({ sent: 0, failed: 1 });
    expect(errors).toHaveLength(1);
    expect(errors[0]![1]).toEqual({ userId: who.userId, errorCode: 'MessageRejected' });
    expect(JSON.stringify(errors)).not.toContain(who.email);
  });
});
