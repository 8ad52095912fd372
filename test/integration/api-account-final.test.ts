/**
 * Nothing outlives a deleted account, whatever runs beside its deletion: a retake reminder, a second deletion, a
 * checkout or a profile edit. Each race is played twice: once in the exact order that broke it (through the domain, on
 * the stack's DynamoDB Local and Stripe emulator), and over HTTP for a bounded number of rounds, where only the
 * outcome is asserted, never the timing.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { createPaymentsGateway, createStripeClient } from '#lambdas/adapters/stripe.ts';
import type { Caller } from '#lambdas/domain/caller.ts';
import { createCheckout, type PaymentsGateway } from '#lambdas/domain/checkout.ts';
import type { Email } from '#lambdas/domain/reminder-email.ts';
import { sendDueReminders, turnOnReminder } from '#lambdas/domain/reminders.ts';
import { ensureProfile, markDeleted, patchProfile } from '#lambdas/domain/users.ts';
import { hmacTokenSigner } from '#lambdas/adapters/reminder-token.ts';
import { callerOf } from '#lambdas/http/auth.ts';
import { api, type ApiResponse } from '../support/api.ts';
import type { StackInfo } from '../support/stack-info.ts';
import { documentClient, type TestUser, userWithCredits } from '../support/users.ts';
import { userItem } from './api-support.ts';
import { stackDb } from '../support/domain.ts';

const stack = inject('stack');
const DELETED = { message: 'This account has been deleted.' };
/** rounds of each HTTP race: enough to meet the bad order often on the old code, bounded for a busy machine */
const ROUNDS = 6;

const callerOfUser = (user: TestUser): Caller =>
  callerOf({ requestContext: { authorizer: { jwt: { claims: decodeJwt(user.idToken) } } } } as never);

const reminderOf = async (s: StackInfo, userId: string) =>
  (await documentClient(s).send(new GetCommand({ TableName: s.env.REMINDERS_TABLE, Key: { userId } }))).Item;

const deleteMe = (user: TestUser) => api(stack, '/api/me', { method: 'DELETE', token: user.idToken });

/** a request `ms` milliseconds from now */
const after = async <T>(ms: number, request: () => Promise<T>): Promise<T> => {
  await new Promise<void>((wake) => setTimeout(wake, ms));
  return request();
};

/** an analysis reservation that expired long ago: the next request settles it first, which widens the race's window */
async function staleReservation(s: StackInfo, userId: string) {
  await documentClient(s).send(
    new UpdateCommand({
      TableName: s.env.USERS_TABLE,
      Key: { userId },
      UpdateExpression: 'SET credits = :zero, pendingAnalysis = :p',
      ExpressionAttributeValues: {
        ':zero': 0,
        ':p': { id: `stale-${userId}`, expiresAt: Date.now() - 3_600_000, startedAt: new Date(0).toISOString() },
      },
    }),
  );
}

const stripe = (path: string, method = 'GET') =>
  fetch(`${stack.stripeUrl}${path}`, { method, headers: { authorization: `Bearer ${stack.env.STRIPE_SECRET_KEY}` } });

/** the customers the Stripe emulator keeps with this user id */
async function customersOf(userId: string): Promise<string[]> {
  const query = encodeURIComponent(`metadata['userId']:'${userId}'`);
  const found = (await (await stripe(`/v1/customers/search?query=${query}`)).json()) as { data: { id: string }[] };
  return found.data.map((c) => c.id);
}

const expectStatusIn = (res: ApiResponse, allowed: number[], what: string) => {
  expect(allowed, `${what}: ${res.status} ${res.text}`).toContain(res.status);
  if (res.status === 401) expect(res.json).toEqual(DELETED);
};

describe('a retake reminder never outlives its account', () => {
  it('a reminder request that found the profile live before the deletion writes nothing after it: 401', async () => {
    const user = await userWithCredits(stack, 0, 'remrace');
    const db = stackDb(stack);
    const caller = callerOfUser(user);
    // the request's profile check, then the whole deletion, then its write
    await ensureProfile({ db }, caller);
    expect((await deleteMe(user)).status).toBe(204);
    await expect(turnOnReminder({ db }, caller)).rejects.toMatchObject({ code: 'account-deleted' });
    expect(await reminderOf(stack, user.sub)).toBeUndefined();
  });

  it('a deletion and four reminder requests 2 ms apart leave no reminder (HTTP, bounded rounds)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await userWithCredits(stack, 0, 'remhttp');
      await staleReservation(stack, user.sub);
      const turnOn = () => api(stack, '/api/me/reminder', { method: 'POST', token: user.idToken });
      const [deleted, ...reminders] = await Promise.all([
        after(1, () => deleteMe(user)),
        ...[0, 2, 4, 6].map((ms) => after(ms, turnOn)),
      ]);
      expect(deleted!.status, deleted!.text).toBe(204);
      for (const res of reminders) expectStatusIn(res, [200, 401], `round ${round}: POST /api/me/reminder`);
      expect(await reminderOf(stack, user.sub), `round ${round}`).toBeUndefined();
    }
  });

  it('the sender deletes, unsent, a reminder beside a tombstone or without a profile, and mails the live ones', async () => {
    const db = stackDb(stack);
    const [gone, live] = [await userWithCredits(stack, 0, 'remgone'), await userWithCredits(stack, 0, 'remlive')];
    expect((await deleteMe(gone)).status).toBe(204);
    const past = new Date(Date.now() - 60_000).toISOString();
    // as a deletion before reminders were written under the profile's condition could leave them
    const orphans = [gone.sub, `never-signed-up-${gone.sub}`];
    for (const userId of [...orphans, live.sub]) {
      await documentClient(stack).send(
        new PutCommand({
          TableName: stack.env.REMINDERS_TABLE,
          Item: { userId, schedule: 'retake', dueAt: past, email: `${userId}@example.com`, createdAt: past },
        }),
      );
    }
    const sent: Email[] = [];
    await sendDueReminders({
      db,
      mailer: { send: async (email) => void sent.push(email) },
      signer: hmacTokenSigner('a-test-key-of-enough-length'),
      siteUrl: 'http://site.example',
    });
    const to = sent.map((e) => e.to);
    expect(to).toContain(`${live.sub}@example.com`);
    for (const userId of orphans) {
      expect(to).not.toContain(`${userId}@example.com`);
      expect(await reminderOf(stack, userId)).toBeUndefined();
    }
    expect(await reminderOf(stack, live.sub)).toBeDefined();
  });

  it('DELETE /api/me/reminder with a deleted account\'s token: 401 "This account has been deleted."', async () => {
    const user = await userWithCredits(stack, 0, 'remdel');
    expect((await deleteMe(user)).status).toBe(204);
    const res = await api(stack, '/api/me/reminder', { method: 'DELETE', token: user.idToken });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(DELETED);
  });
});

describe('the tombstone is written once', () => {
  it('a second deletion keeps its time and the record of a late payment refunded', async () => {
    const user = await userWithCredits(stack, 0, 'twice');
    expect((await deleteMe(user)).status).toBe(204);
    const db = stackDb(stack);
    await db.users.recordRefundOnTombstone({ userId: user.sub, sessionId: 'cs_late', refundId: 're_late', at: 'x' });
    const first = await userItem(stack, user.sub);
    expect((await deleteMe(user)).status).toBe(204);
    expect(await userItem(stack, user.sub)).toEqual(first);
    expect(first).toMatchObject({ refundedSessions: ['cs_late'], refunds: [{ refundId: 're_late' }] });
  });

  it('concurrent deletions write one tombstone: the same time for all (HTTP, bounded rounds)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await userWithCredits(stack, 0, 'twins');
      const db = stackDb(stack);
      const marks = await Promise.all([0, 1, 2].map((ms) => after(ms, () => markDeleted({ db }, user.sub))));
      expect(
        marks.filter((m) => m.marked),
        `round ${round}`,
      ).toHaveLength(1);
      const tombstone = await userItem(stack, user.sub);
      const answers = await Promise.all([deleteMe(user), after(1, () => deleteMe(user))]);
      for (const res of answers) expect(res.status, res.text).toBe(204);
      expect(await userItem(stack, user.sub), `round ${round}`).toEqual(tombstone);
    }
  });
});

describe('a checkout or an edit racing the deletion is answered as the deleted account', () => {
  /** the stack's Stripe emulator, with a deletion's tombstone written the moment a customer has been made */
  function deletingOnNewCustomer(userId: string): PaymentsGateway & { made: string[] } {
    const real = createPaymentsGateway(createStripeClient(stack.env.STRIPE_SECRET_KEY!, stack.stripeUrl));
    const made: string[] = [];
    return {
      ...real,
      made,
      async createCustomer(input) {
        const id = await real.createCustomer(input);
        made.push(id);
        await markDeleted({ db: stackDb(stack) }, userId);
        return id;
      },
    };
  }

  it('a checkout whose customer is made as the account is deleted: account-deleted, and the customer is gone', async () => {
    const user = await userWithCredits(stack, 0, 'cusrace');
    const payments = deletingOnNewCustomer(user.sub);
    await expect(
      createCheckout({ db: stackDb(stack), payments, siteUrl: 'http://site.example' }, callerOfUser(user), {
        packageId: '10-ratings',
      }),
    ).rejects.toMatchObject({ code: 'account-deleted', message: DELETED.message });
    expect(payments.made).toHaveLength(1);
    expect((await stripe(`/v1/customers/${payments.made[0]}`)).status).toBe(404);
  });

  it('an edit of a profile deleted since it was read: account-deleted', async () => {
    const user = await userWithCredits(stack, 0, 'editrace');
    const db = stackDb(stack);
    await ensureProfile({ db }, callerOfUser(user));
    await markDeleted({ db }, user.sub);
    await expect(patchProfile({ db }, user.sub, { bio: 'back' })).rejects.toMatchObject({ code: 'account-deleted' });
    expect(Object.keys((await userItem(stack, user.sub)) ?? {}).sort()).toEqual(['deletedAt', 'userId']);
  });

  it('checkouts and edits beside a deletion answer 200 or 401, never 500, and leave no customer (HTTP, bounded rounds)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await userWithCredits(stack, 0, 'payrace');
      const checkout = () =>
        api(stack, '/api/create-checkout-session', {
          method: 'POST',
          token: user.idToken,
          body: { packageId: '10-ratings' },
        });
      const edit = () =>
        api(stack, '/api/me', { method: 'PATCH', token: user.idToken, body: { bio: `round ${round}` } });
      const [deleted, ...rest] = await Promise.all([
        after(2, () => deleteMe(user)),
        after(0, checkout),
        after(1, edit),
        after(3, checkout),
        after(4, edit),
      ]);
      expect(deleted!.status, deleted!.text).toBe(204);
      for (const res of rest) expectStatusIn(res, [200, 401], `round ${round}`);
      // a customer made in the window is deleted by the checkout that made it, or found by the deletion's search
      await expect.poll(() => customersOf(user.sub), { timeout: 10_000 }).toEqual([]);
      expect(Object.keys((await userItem(stack, user.sub)) ?? {}).sort()).toEqual(['deletedAt', 'userId']);
    }
  });
});
