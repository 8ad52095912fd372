/**
 * Money and deletion under every order of events (issue #28), through the gateway and the Stripe emulator. Each test
 * writes its order of events out; the Stripe emulator behaves as Stripe does for them (cumulative `amount_refunded`,
 * one dispute per charge, refunds never beyond the charge, idempotency keys, customer search).
 */
import { decodeJwt } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { analyzeForUser, type Analyze } from '#lambdas/domain/analyze.ts';
import { refundReservation, reserveAnalysis } from '#lambdas/domain/reservations.ts';
import { markDeleted } from '#lambdas/domain/users.ts';
import { callerOf } from '#lambdas/http/auth.ts';
import { api } from '../support/api.ts';
import { creditsOf, userItem } from './api-support.ts';
import { createUser, setCredits, userWithCredits } from '../support/users.ts';
import { stackDb, standInAnalysis, tinyJpeg } from '../support/domain.ts';

const stack = inject('stack');

async function emulator(path: string) {
  const res = await fetch(`${stack.stripeUrl}${path}`, { method: 'POST' });
  return { status: res.status, json: (await res.json()) as any, headers: res.headers };
}

const stripeApi = async (path: string): Promise<any> =>
  (await fetch(`${stack.stripeUrl}${path}`, { headers: { authorization: 'Bearer sk_test_local' } })).json();

async function checkout(token: string, packageId = '10-ratings') {
  const res = await api(stack, '/api/create-checkout-session', { method: 'POST', token, body: { packageId } });
  expect(res.status).toBe(200);
  return res.json.sessionId as string;
}

async function purchaseOf(token: string, sessionId: string) {
  const exported = await api(stack, '/api/me/export', { token });
  return exported.json.purchases.find((p: { sessionId: string }) => p.sessionId === sessionId);
}

const callerFor = (idToken: string) =>
  callerOf({ requestContext: { authorizer: { jwt: { claims: decodeJwt(idToken) } } } } as never);

describe('the purchase ledger under every order of Stripe events', () => {
  it('1. completion, refund of 100 of 399, refund of the rest (amount_refunded 399): all 10 unspent credits go back', async () => {
    const user = await userWithCredits(stack, 0, 'twopart');
    const sessionId = await checkout(user.idToken);
    expect((await emulator(`/__emulator/sessions/${sessionId}/complete`)).status).toBe(200);
    expect(await creditsOf(stack, user.sub)).toBe(10);
    const first = await emulator(`/__emulator/sessions/${sessionId}/refund?amount=100`);
    expect(first.json).toMatchObject({ delivered: true, status: 200 });
    expect(await creditsOf(stack, user.sub)).toBe(7); // 100/399 of 10 = 2.5, rounded up
    const rest = await emulator(`/__emulator/sessions/${sessionId}/refund`);
    expect(rest.json).toMatchObject({ delivered: true, status: 200 });
    expect(await creditsOf(stack, user.sub)).toBe(0);
    // the first event delivered again, late: the cumulative amount never goes back
    await emulator(`/__emulator/events/${first.json.event_id}/deliver`);
    expect(await creditsOf(stack, user.sub)).toBe(0);
    expect(await purchaseOf(user.idToken, sessionId)).toMatchObject({
      state: 'refunded',
      amountRefunded: 399,
      creditsTaken: 10,
      creditsSpent: 0,
    });
  });

  it('2. completion (first delivery fails), full refund, completion retried: recorded, nothing credited', async () => {
    const user = await userWithCredits(stack, 0, 'early');
    const sessionId = await checkout(user.idToken);
    expect((await emulator(`/__emulator/sessions/${sessionId}/complete?deliver=false`)).status).toBe(200);
    expect(await creditsOf(stack, user.sub)).toBe(0);
    expect((await emulator(`/__emulator/sessions/${sessionId}/refund`)).json).toMatchObject({ status: 200 });
    expect(await purchaseOf(user.idToken, sessionId)).toMatchObject({
      state: 'refunded-before-completion',
      amountRefunded: 399,
    });
    expect((await emulator(`/__emulator/sessions/${sessionId}/deliver`)).json).toMatchObject({ status: 200 });
    expect(await creditsOf(stack, user.sub)).toBe(0);
    // the return page after it all: nothing more
    const verified = await api(stack, `/api/verify-checkout-session?session_id=${sessionId}`, { token: user.idToken });
    expect(verified.json).toMatchObject({ credited: false, credits: 0 });
    expect(await purchaseOf(user.idToken, sessionId)).toMatchObject({
      state: 'refunded',
      credits: 10,
      creditsTaken: 10,
    });
  });

  it('2b. completion delayed, refund of 100 of 399, completion: the late completion credits only the 7 left', async () => {
    const user = await userWithCredits(stack, 0, 'earlypart');
    const sessionId = await checkout(user.idToken);
    await emulator(`/__emulator/sessions/${sessionId}/complete?deliver=false`);
    await emulator(`/__emulator/sessions/${sessionId}/refund?amount=100`);
    await emulator(`/__emulator/sessions/${sessionId}/deliver`);
    await emulator(`/__emulator/sessions/${sessionId}/deliver`);
    expect(await creditsOf(stack, user.sub)).toBe(7);
  });

  it('2c. a dispute before the completion, then the completion, then the dispute won: the credits come when it is won', async () => {
    const user = await userWithCredits(stack, 0, 'disputed');
    const sessionId = await checkout(user.idToken);
    await emulator(`/__emulator/sessions/${sessionId}/complete?deliver=false`);
    expect((await emulator(`/__emulator/sessions/${sessionId}/dispute`)).json).toMatchObject({ status: 200 });
    await emulator(`/__emulator/sessions/${sessionId}/deliver`);
    expect(await creditsOf(stack, user.sub)).toBe(0);
    const won = await emulator(`/__emulator/sessions/${sessionId}/dispute/close?status=won`);
    expect(won.json).toMatchObject({ status: 200 });
    expect(await creditsOf(stack, user.sub)).toBe(10);
    // the opening event delivered again after the close does not reopen it
    await emulator(`/__emulator/sessions/${sessionId}/dispute`);
    expect(await creditsOf(stack, user.sub)).toBe(10);
    expect(await purchaseOf(user.idToken, sessionId)).toBeDefined();
  });

  it('2d. completion, dispute, dispute lost: the unspent credits stay taken', async () => {
    const user = await userWithCredits(stack, 0, 'lost');
    const sessionId = await checkout(user.idToken);
    await emulator(`/__emulator/sessions/${sessionId}/complete`);
    await setCredits(stack, user.sub, 8); // 2 spent
    await emulator(`/__emulator/sessions/${sessionId}/dispute`);
    expect(await creditsOf(stack, user.sub)).toBe(0);
    await emulator(`/__emulator/sessions/${sessionId}/dispute/close?status=lost`);
    expect(await creditsOf(stack, user.sub)).toBe(0);
    expect(await purchaseOf(user.idToken, sessionId)).toMatchObject({
      state: 'disputed',
      dispute: { status: 'lost' },
      creditsTaken: 8,
      creditsSpent: 2,
    });
  });

  it('3. completion, an analysis reserves a credit, full refund, the analysis fails: its credit goes to the refund, not back', async () => {
    const user = await userWithCredits(stack, 0, 'reserved');
    const sessionId = await checkout(user.idToken);
    await emulator(`/__emulator/sessions/${sessionId}/complete`);
    const db = stackDb(stack);
    await reserveAnalysis({ db }, user.sub, 'reservation-of-a-crashed-analysis');
    expect(await creditsOf(stack, user.sub)).toBe(9);
    await emulator(`/__emulator/sessions/${sessionId}/refund`);
    expect(await creditsOf(stack, user.sub)).toBe(0);
    expect(await refundReservation({ db }, user.sub, 'reservation-of-a-crashed-analysis', 'failed')).toBe(true);
    expect(await creditsOf(stack, user.sub)).toBe(0);
    expect((await userItem(stack, user.sub))?.pendingAnalysis).toBeUndefined();
    expect(await purchaseOf(user.idToken, sessionId)).toMatchObject({ creditsTaken: 10, creditsSpent: 0 });
  });

  it('3b. completion, an analysis in flight, full refund, the analysis succeeds: the credit stays spent, the rating stays', async () => {
    const user = await userWithCredits(stack, 0, 'inflight');
    const sessionId = await checkout(user.idToken);
    await emulator(`/__emulator/sessions/${sessionId}/complete`);
    const db = stackDb(stack);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const analyze: Analyze = async ({ face }) => {
      await gate;
      return standInAnalysis(face);
    };
    const running = analyzeForUser({ db, analyze }, callerFor(user.idToken), {
      kind: 'image',
      bytes: await tinyJpeg(),
    });
    await expect.poll(async () => (await userItem(stack, user.sub))?.pendingAnalysis, { timeout: 30_000 }).toBeTruthy();
    await emulator(`/__emulator/sessions/${sessionId}/refund`);
    expect(await creditsOf(stack, user.sub)).toBe(0);
    release();
    const rating = await running;
    expect(rating.id).toBeTruthy();
    expect(await creditsOf(stack, user.sub)).toBe(0);
    // later credits are not touched by a replay of the old refund
    await setCredits(stack, user.sub, 5);
    await emulator(`/__emulator/sessions/${sessionId}/refund`); // Stripe refuses: nothing left to refund
    expect(await creditsOf(stack, user.sub)).toBe(5);
  });
});

describe('refunds we issue, Stripe customers, deletion', () => {
  it('4. a payment completed after the deletion, delivered three times: refunded once, acknowledged each time', async () => {
    const user = await userWithCredits(stack, 0, 'lateone');
    const sessionId = await checkout(user.idToken);
    expect((await api(stack, '/api/me', { method: 'DELETE', token: user.idToken })).status).toBe(204);
    const paid = await emulator(`/__emulator/sessions/${sessionId}/complete`);
    expect(paid.headers.get('emulator-webhook-status')).toBe('200');
    for (let i = 0; i < 2; i++) {
      expect((await emulator(`/__emulator/sessions/${sessionId}/deliver`)).json).toMatchObject({ status: 200 });
    }
    const session = await stripeApi(`/v1/checkout/sessions/${sessionId}`);
    const refunds = await stripeApi(`/v1/refunds?payment_intent=${session.payment_intent}`);
    expect(refunds.data).toHaveLength(1);
    expect(refunds.data[0]).toMatchObject({ amount: 399, status: 'succeeded' });
    expect((await userItem(stack, user.sub))?.refundedSessions).toEqual([sessionId]);
  });

  it('4b. the Stripe emulator refuses a refund beyond the charge and replays an idempotency key', async () => {
    const user = await userWithCredits(stack, 0, 'emu');
    const sessionId = await checkout(user.idToken);
    await emulator(`/__emulator/sessions/${sessionId}/complete`);
    const session = await stripeApi(`/v1/checkout/sessions/${sessionId}`);
    const refund = (amount: number, key: string) =>
      fetch(`${stack.stripeUrl}/v1/refunds`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer sk_test_local',
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': key,
        },
        body: new URLSearchParams({ payment_intent: session.payment_intent, amount: String(amount) }),
      });
    const first = await refund(300, `k1-${sessionId}`);
    expect(first.status).toBe(200);
    const again = await refund(300, `k1-${sessionId}`);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as any).id).toBe(((await first.json()) as any).id);
    const beyond = await refund(100, `k2-${sessionId}`);
    expect(beyond.status).toBe(400);
    expect(((await beyond.json()) as any).error).toMatchObject({ code: 'amount_too_large' });
    expect((await refund(99, `k3-${sessionId}`)).status).toBe(200);
    expect(((await (await refund(1, `k4-${sessionId}`)).json()) as any).error.code).toBe('charge_already_refunded');
  });

  it('5. eight concurrent first checkouts make one Stripe customer; deletion removes every customer with the user id', async () => {
    const user = await userWithCredits(stack, 0, 'eight');
    const all = await Promise.all(
      Array.from({ length: 8 }, () =>
        api(stack, '/api/create-checkout-session', {
          method: 'POST',
          token: user.idToken,
          body: { packageId: '10-ratings' },
        }),
      ),
    );
    expect(all.map((r) => r.status)).toEqual(Array(8).fill(200));
    const search = () =>
      stripeApi(`/v1/customers/search?query=${encodeURIComponent(`metadata['userId']:'${user.sub}'`)}`);
    const found = await search();
    expect(found.data.map((c: { id: string }) => c.id)).toEqual([(await userItem(stack, user.sub))?.stripeCustomerId]);
    // a stray customer with the user's id (made by an older version, or by hand): deletion finds it too
    await fetch(`${stack.stripeUrl}/v1/customers`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_local', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'metadata[userId]': user.sub }),
    });
    expect((await search()).data).toHaveLength(2);
    expect((await api(stack, '/api/me', { method: 'DELETE', token: user.idToken })).status).toBe(204);
    expect((await search()).data).toEqual([]);
  });

  it('6. deletion accepted (the tombstone written), sweep not done yet: the share, its card and its page answer 404', async () => {
    const user = await userWithCredits(stack, 1, 'sharegone');
    const db = stackDb(stack);
    const rating = await analyzeForUser(
      { db, analyze: async ({ face }) => standInAnalysis(face) },
      callerFor(user.idToken),
      { kind: 'image', bytes: await tinyJpeg() },
    );
    const shared = await api(stack, `/api/ratings/${rating.id}/share`, {
      method: 'POST',
      token: user.idToken,
      body: { anonymous: true, includePhoto: true },
    });
    expect(shared.status).toBe(201);
    const shareId = shared.json.shareId as string;
    expect((await api(stack, `/api/shares/${shareId}`)).status).toBe(200);
    // DELETE /api/me's first step, before the sweep reaches the ratings and their shares
    await markDeleted({ db }, user.sub);
    expect((await api(stack, `/api/shares/${shareId}`)).status).toBe(404);
    expect((await fetch(`${stack.gatewayUrl}/api/shares/${shareId}/card.png`)).status).toBe(404);
    expect((await fetch(`${stack.gatewayUrl}/r/${shareId}`)).status).toBe(404);
  });

  it('7. duplicate file fields: two image parts, or uploadId with two crown parts, are a 400 naming the field, no charge', async () => {
    const user = await userWithCredits(stack, 3, 'dupes');
    const jpeg = await tinyJpeg();
    const part = () => new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });
    const twoImages = new FormData();
    twoImages.append('image', part(), 'a.jpg');
    twoImages.append('image', part(), 'b.jpg');
    const twoCrowns = new FormData();
    twoCrowns.append('uploadId', 'some-upload');
    twoCrowns.append('crown', part(), 'a.jpg');
    twoCrowns.append('crown', part(), 'b.jpg');
    for (const [form, field] of [
      [twoImages, 'image'],
      [twoCrowns, 'crown'],
    ] as const) {
      const res = await api(stack, '/api/analyze-hairline', { method: 'POST', token: user.idToken, body: form });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(`Form field "${field}" was sent more than once: send one photo per field`);
    }
    const twoUploads = new FormData();
    twoUploads.append('image', part(), 'a.jpg');
    twoUploads.append('image', part(), 'b.jpg');
    expect((await api(stack, '/api/upload', { method: 'POST', body: twoUploads })).json.message).toBe(
      'Form field "image" was sent more than once: send one photo per field',
    );
    expect(await creditsOf(stack, user.sub)).toBe(3);
  });

  it("7b. an old token after deletion gets 401 on every signed-in route, before the request's own checks", async () => {
    const user = await createUser(stack, 'oldtoken');
    await api(stack, '/api/me', { token: user.idToken });
    expect((await api(stack, '/api/me', { method: 'DELETE', token: user.idToken })).status).toBe(204);
    const invalid: [string, string, unknown?][] = [
      ['PATCH', '/api/me', { username: '' }],
      ['GET', '/api/ratings?limit=abc'],
      ['GET', `/api/ratings/${'x'.repeat(300)}`],
      ['DELETE', `/api/ratings/${'x'.repeat(300)}`],
      ['POST', `/api/ratings/${'x'.repeat(300)}/share`, 'not json'],
      ['DELETE', `/api/ratings/${'x'.repeat(300)}/share`],
      ['POST', '/api/create-checkout-session', { packageId: 'nope' }],
      ['GET', '/api/verify-checkout-session'],
      ['POST', '/api/analyze-hairline', {}],
      ['GET', '/api/me/export'],
    ];
    for (const [method, path, body] of invalid) {
      const res = await api(stack, path, { method, token: user.idToken, ...(body !== undefined ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json).toEqual({ message: 'This account has been deleted.' });
    }
  });
});
