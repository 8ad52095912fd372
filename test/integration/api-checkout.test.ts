import Stripe from 'stripe';
import { PACKAGES } from '#shared/packages.ts';
import { describe, expect, inject, it } from 'vitest';
import { VerifiedSessionSchema } from '#shared/schemas.ts';
import { api } from '../support/api.ts';
import { creditsOf, userItem } from './api-support.ts';
import { createUser, setCredits, userWithCredits } from '../support/users.ts';

const stack = inject('stack');
const stripeOffline = new Stripe('sk_test_offline');

async function checkout(token: string, packageId = '10-ratings', ratingId?: string | null) {
  return api(stack, '/api/create-checkout-session', {
    method: 'POST',
    token,
    body: { packageId, ...(ratingId !== undefined ? { ratingId } : {}) },
  });
}

async function emulator(path: string) {
  const res = await fetch(`${stack.stripeUrl}${path}`, { method: 'POST' });
  return { status: res.status, json: (await res.json()) as any, headers: res.headers };
}

/** Posts a webhook with the given raw body and signature header. */
async function postWebhook(body: string, signature?: string, contentType = 'application/json; charset=utf-8') {
  return api(stack, '/api/stripe-webhook', {
    method: 'POST',
    body,
    headers: { 'content-type': contentType, ...(signature ? { 'stripe-signature': signature } : {}) },
  });
}

/** A signed-looking event for a session of the pack holding `numCredits`, paid at that pack's price (shared/packages.ts). */
function completedEvent(sessionId: string, userId: string, numCredits = '10', paymentStatus = 'paid') {
  const pkg = PACKAGES.find((p) => String(p.numRatings) === numCredits) ?? PACKAGES[0]!;
  return JSON.stringify(
    {
      id: `evt_test_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: paymentStatus,
          status: 'complete',
          amount_total: pkg.price,
          currency: 'usd',
          metadata: { userId, numCredits, packageId: pkg.id },
        },
      },
    },
    null,
    2,
  );
}

const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  stripeOffline.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? stack.env.STRIPE_WEBHOOK_SECRET!,
    timestamp: opts.timestamp,
  });

describe('POST /api/create-checkout-session', () => {
  it('creates a Checkout Session priced from our package table and stores the Stripe customer', async () => {
    const user = await userWithCredits(stack, 0, 'buyer');
    const res = await checkout(user.idToken, '50_ratings', 'rating-123');
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/);
    expect(res.json.sessionId).toMatch(/^cs_test_/);
    const s: any = await (
      await fetch(`${stack.stripeUrl}/v1/checkout/sessions/${res.json.sessionId}?expand[]=line_items`, {
        headers: { authorization: `Bearer ${stack.env.STRIPE_SECRET_KEY}` },
      })
    ).json();
    expect(s).toMatchObject({
      mode: 'payment',
      amount_total: 699,
      client_reference_id: user.sub,
      metadata: { userId: user.sub, numCredits: '50', packageId: '50-ratings', ratingId: 'rating-123' },
      success_url: `${stack.env.SITE_URL}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${stack.env.SITE_URL}/pricing?checkout=cancelled`,
    });
    expect(s.line_items.data[0]).toMatchObject({ description: '50 Hairline Ratings', quantity: 1, amount_total: 699 });
    const customer = (await userItem(stack, user.sub))?.stripeCustomerId;
    expect(customer).toMatch(/^cus_/);
    expect(s.customer).toBe(customer);
    // the second checkout reuses the customer
    const second = await checkout(user.idToken, '10-ratings', null);
    expect(second.status).toBe(200);
    expect((await userItem(stack, user.sub))?.stripeCustomerId).toBe(customer);
  });

  it('stores one customer under concurrent first checkouts', async () => {
    const user = await userWithCredits(stack, 0, 'eager');
    const all = await Promise.all(Array.from({ length: 5 }, () => checkout(user.idToken)));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await userItem(stack, user.sub))?.stripeCustomerId).toMatch(/^cus_/);
  });

  it('answers 400 for an unknown package or a malformed body', async () => {
    const user = await userWithCredits(stack, 0, 'confused');
    const unknown = await checkout(user.idToken, '1000-ratings');
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({ message: 'Unknown package' });
    const missing = await api(stack, '/api/create-checkout-session', { method: 'POST', token: user.idToken, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/packageId/);
    const notJson = await api(stack, '/api/create-checkout-session', {
      method: 'POST',
      token: user.idToken,
      body: 'nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
  });
});

describe('GET /api/verify-checkout-session and POST /api/stripe-webhook', () => {
  it('a paid session is credited by the webhook; verify then reports it without crediting again', async () => {
    const user = await userWithCredits(stack, 0, 'payer');
    const { json: created } = await checkout(user.idToken);
    const unpaid = await api(stack, `/api/verify-checkout-session?session_id=${created.sessionId}`, {
      token: user.idToken,
    });
    expect(unpaid.status).toBe(400);
    expect(unpaid.json).toEqual({ message: 'Payment was not completed. Status: unpaid' });

    const paid = await emulator(`/__emulator/sessions/${created.sessionId}/complete`);
    expect(paid.status).toBe(200);
    expect(paid.headers.get('emulator-webhook-delivered')).toBe('true');
    expect(await creditsOf(stack, user.sub)).toBe(10);

    const verified = await api(stack, `/api/verify-checkout-session?session_id=${created.sessionId}`, {
      token: user.idToken,
    });
    expect(verified.status).toBe(200);
    const body = VerifiedSessionSchema.parse(verified.json);
    expect(body).toMatchObject({
      payment_status: 'paid',
      amount_total: 399,
      credited: false,
      credits: 10,
      // the webhook credited it first: still the buyer's new purchase, by its record
      receipt: { credits: 10, fresh: true },
      metadata: { userId: user.sub, numCredits: '10' },
    });
    expect((body.line_items as any).data[0].description).toBe('10 Hairline Ratings');
    const item = await userItem(stack, user.sub);
    expect(item).toMatchObject({
      credits: 10,
      lastPurchaseAmount: 399,
      lastPurchaseCredits: 10,
      processedSessions: [created.sessionId],
    });
    expect(typeof item?.lastPurchase).toBe('string');
    expect((await api(stack, '/api/me', { token: user.idToken })).json).toMatchObject({
      credits: 10,
      lastPurchaseCredits: 10,
    });
  });

  it('the 50 pack adds 50 to an existing balance', async () => {
    const user = await userWithCredits(stack, 2, 'topup');
    const { json: created } = await checkout(user.idToken, '50-ratings');
    expect((await emulator(`/__emulator/sessions/${created.sessionId}/complete`)).status).toBe(200);
    const verified = await api(stack, `/api/verify-checkout-session?session_id=${created.sessionId}`, {
      token: user.idToken,
    });
    expect(verified.status).toBe(200);
    expect(verified.json).toMatchObject({
      credited: false,
      credits: 52,
      amount_total: 699,
      receipt: { credits: 50, fresh: true },
    });
    expect(await creditsOf(stack, user.sub)).toBe(52);
  });

  it('10 webhook deliveries and 5 verify calls at once credit the session exactly once', async () => {
    const user = await userWithCredits(stack, 0, 'storm');
    const { json: created } = await checkout(user.idToken, '50-ratings');
    // pay first (this delivers once), then reset the balance bookkeeping view: count from what follows
    const paid = await emulator(`/__emulator/sessions/${created.sessionId}/complete`);
    expect(paid.status).toBe(200);
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => emulator(`/__emulator/sessions/${created.sessionId}/deliver`)),
      ...Array.from({ length: 5 }, () =>
        api(stack, `/api/verify-checkout-session?session_id=${created.sessionId}`, { token: user.idToken }),
      ),
    ]);
    const deliveries = results.slice(0, 10) as Awaited<ReturnType<typeof emulator>>[];
    const verifies = results.slice(10) as Awaited<ReturnType<typeof api>>[];
    for (const d of deliveries) expect(d.json).toMatchObject({ delivered: true, status: 200 });
    for (const v of verifies) expect(v.json).toMatchObject({ credited: false, credits: 50 });
    expect(await creditsOf(stack, user.sub)).toBe(50);
    expect((await userItem(stack, user.sub))?.processedSessions).toEqual([created.sessionId]);
  });

  it('concurrent first credit: deliveries and verifications race on an unpaid-then-paid session', async () => {
    const user = await userWithCredits(stack, 1, 'racer');
    const { json: created } = await checkout(user.idToken, '10-ratings');
    // complete and verify and re-deliver all at the same moment: whichever wins, one credit of 10
    const results = await Promise.all([
      emulator(`/__emulator/sessions/${created.sessionId}/complete`),
      ...Array.from({ length: 5 }, () => emulator(`/__emulator/sessions/${created.sessionId}/deliver`)),
      ...Array.from({ length: 5 }, () =>
        api(stack, `/api/verify-checkout-session?session_id=${created.sessionId}`, { token: user.idToken }),
      ),
    ]);
    expect(results[0].status).toBe(200);
    await emulator(`/__emulator/sessions/${created.sessionId}/deliver`);
    expect(await creditsOf(stack, user.sub)).toBe(11);
  });

  it("verify errors: no session id, unknown session, another user's session", async () => {
    const owner = await userWithCredits(stack, 0, 'owner');
    const other = await userWithCredits(stack, 0, 'other');
    const none = await api(stack, '/api/verify-checkout-session', { token: owner.idToken });
    expect(none.status).toBe(400);
    expect(none.json).toEqual({ message: 'No session ID found' });
    const unknown = await api(stack, '/api/verify-checkout-session?session_id=cs_test_doesnotexist', {
      token: owner.idToken,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: 'Checkout session not found' });
    const { json: created } = await checkout(owner.idToken);
    await emulator(`/__emulator/sessions/${created.sessionId}/complete`);
    const mismatch = await api(stack, `/api/verify-checkout-session?session_id=${created.sessionId}`, {
      token: other.idToken,
    });
    expect(mismatch.status).toBe(403);
    expect(mismatch.json).toEqual({ message: 'Session user does not match logged-in user' });
    expect(await creditsOf(stack, other.sub)).toBe(0);
  });

  it('verify: a paid session without a user id in its metadata is a 400', async () => {
    const user = await userWithCredits(stack, 0, 'meta');
    const secret = stack.env.STRIPE_SECRET_KEY!;
    const form = new URLSearchParams({
      mode: 'payment',
      success_url: 'http://x/s',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '799',
      'line_items[0][price_data][product_data][name]': 'Old pack',
    });
    const s: any = await (
      await fetch(`${stack.stripeUrl}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      })
    ).json();
    await emulator(`/__emulator/sessions/${s.id}/complete`);
    const res = await api(stack, `/api/verify-checkout-session?session_id=${s.id}`, { token: user.idToken });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'No user ID in session metadata' });
  });

  it('the webhook accepts a correctly signed event and credits once; other event types are acknowledged', async () => {
    const user = await userWithCredits(stack, 0, 'hooked');
    const payload = completedEvent(`cs_test_signed_${user.sub}`, user.sub, '10');
    const first = await postWebhook(payload, sign(payload));
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ received: true, credited: true });
    const again = await postWebhook(payload, sign(payload));
    expect(again.json).toEqual({ received: true, credited: false });
    expect(await creditsOf(stack, user.sub)).toBe(10);

    const other = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    });
    const ack = await postWebhook(other, sign(other));
    expect(ack.status).toBe(200);
    expect(ack.json).toEqual({ received: true });

    // a body the gateway hands over base64-encoded (non-text content type) is verified on its decoded bytes
    const binary = completedEvent(`cs_test_b64_${user.sub}`, user.sub, '10').replace(
      '"object": "event"',
      '"object": "event", "note": "héllo ✓"',
    );
    const viaBase64 = await postWebhook(binary, sign(binary), 'application/octet-stream');
    expect(viaBase64.json).toEqual({ received: true, credited: true });
    expect(await creditsOf(stack, user.sub)).toBe(20);

    const unpaid = completedEvent(`cs_test_unpaid_${user.sub}`, user.sub, '10', 'unpaid');
    expect((await postWebhook(unpaid, sign(unpaid))).json).toEqual({ received: true, credited: false });
    expect(await creditsOf(stack, user.sub)).toBe(20);
  });

  it("a payment that arrives before the user's first API call creates the profile and credits it", async () => {
    const user = await createUser(stack, 'early');
    const payload = completedEvent(`cs_test_early_${user.sub}`, user.sub, '50');
    expect((await postWebhook(payload, sign(payload))).json).toEqual({ received: true, credited: true });
    const me = await api(stack, '/api/me', { token: user.idToken });
    expect(me.json).toMatchObject({ credits: 50, username: user.username, email: user.email });
  });

  it('a validly signed session that is not what our checkout sells (10000 credits for 1 JPY) is acknowledged and credits nothing', async () => {
    const user = await userWithCredits(stack, 0, 'mint');
    const event = JSON.parse(completedEvent(`cs_test_mint_${user.sub}`, user.sub, '10'));
    Object.assign(event.data.object, {
      amount_total: 1,
      currency: 'jpy',
      metadata: { userId: user.sub, numCredits: '10000', packageId: '10-ratings' },
    });
    const payload = JSON.stringify(event, null, 2);
    const res = await postWebhook(payload, sign(payload));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true, credited: false });
    expect(await creditsOf(stack, user.sub)).toBe(0);
  });

  it("one session credits one account once: A's credited session naming B, or naming B beside A's reference, credits nothing", async () => {
    const [a, b] = [await userWithCredits(stack, 0, 'payer'), await userWithCredits(stack, 0, 'other')];
    const sessionId = `cs_test_once_${a.sub}`;
    /** a completion of the session as Stripe would sign it, with the given metadata user and client reference */
    const completion = (eventId: string, userId: string, reference?: string) => {
      const event = JSON.parse(completedEvent(sessionId, userId, '10'));
      event.id = eventId;
      if (reference) event.data.object.client_reference_id = reference;
      return JSON.stringify(event, null, 2);
    };
    const credited = completion('evt_once_a', a.sub, a.sub);
    expect((await postWebhook(credited, sign(credited))).json).toEqual({ received: true, credited: true });
    // the session's metadata edited on Stripe's side to name B: acknowledged, nothing credited to anyone
    for (const edited of [completion('evt_once_b', b.sub), completion('evt_once_b_ref', b.sub, b.sub)]) {
      const res = await postWebhook(edited, sign(edited));
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ received: true, credited: false });
    }
    expect(await creditsOf(stack, a.sub)).toBe(10);
    expect(await creditsOf(stack, b.sub)).toBe(0);

    // a new session whose metadata names B while its client_reference_id (written by our checkout) names A
    const mismatch = JSON.parse(completedEvent(`cs_test_mismatch_${a.sub}`, b.sub, '10'));
    mismatch.data.object.client_reference_id = a.sub;
    const payload = JSON.stringify(mismatch, null, 2);
    const res = await postWebhook(payload, sign(payload));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true, credited: false });
    expect(await creditsOf(stack, a.sub)).toBe(10);
    expect(await creditsOf(stack, b.sub)).toBe(0);
    expect((await userItem(stack, b.sub))?.processedSessions).toBeUndefined();
  });

  it('forged signature, stale timestamp, re-serialised body, missing header → 400, nothing credited', async () => {
    const user = await userWithCredits(stack, 0, 'victim');
    const payload = completedEvent(`cs_test_forged_${user.sub}`, user.sub, '50');
    const cases: [string, string | undefined][] = [
      [payload, sign(payload, { secret: 'whsec_attacker' })],
      [payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 })],
      [JSON.stringify(JSON.parse(payload)), sign(payload)],
      [payload.replace('"numCredits": "50"', '"numCredits": "5000"'), sign(payload)],
      [payload, undefined],
      [payload, 't=123,v1=deadbeef'],
    ];
    for (const [body, signature] of cases) {
      const res = await postWebhook(body, signature);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: 'Invalid signature' });
    }
    expect(await creditsOf(stack, user.sub)).toBe(0);
  });
});

describe('refunds and disputes (Stripe stays the truth)', () => {
  async function buy(token: string, packageId: string): Promise<string> {
    const created = (await checkout(token, packageId)).json;
    expect((await emulator(`/__emulator/sessions/${created.sessionId}/complete`)).status).toBe(200);
    return created.sessionId;
  }

  it('a refund takes back the unspent credits (never below zero), once; a replay or a later dispute changes nothing; the export shows it', async () => {
    const user = await userWithCredits(stack, 0, 'refund');
    const sessionId = await buy(user.idToken, '10-ratings');
    expect(await creditsOf(stack, user.sub)).toBe(10);
    await setCredits(stack, user.sub, 4); // 6 of the 10 spent on analyses
    const refunded = await emulator(`/__emulator/sessions/${sessionId}/refund`);
    expect(refunded.json).toMatchObject({ delivered: true, status: 200 });
    expect(await creditsOf(stack, user.sub)).toBe(0);
    // Stripe refuses a second refund of a refunded charge (the emulator too); its event may still come again
    expect((await emulator(`/__emulator/sessions/${sessionId}/refund`)).status).toBe(400);
    expect((await emulator(`/__emulator/events/${refunded.json.event_id}/deliver`)).json).toMatchObject({
      status: 200,
    });
    expect((await emulator(`/__emulator/sessions/${sessionId}/dispute`)).json).toMatchObject({ status: 200 });
    await setCredits(stack, user.sub, 3); // bought elsewhere later: not touched by the old purchase's events
    await emulator(`/__emulator/sessions/${sessionId}/dispute`);
    expect(await creditsOf(stack, user.sub)).toBe(3);
    const exported = await api(stack, '/api/me/export', { token: user.idToken });
    const purchase = exported.json.purchases.find((p: { sessionId: string }) => p.sessionId === sessionId);
    expect(purchase).toMatchObject({ state: 'disputed', amountRefunded: 399, creditsTaken: 4, creditsSpent: 6 });
  });

  it('the same refund event delivered twice (Stripe retries) takes the credits back once', async () => {
    const user = await userWithCredits(stack, 0, 'replay');
    const sessionId = await buy(user.idToken, '10-ratings');
    const session: any = await (
      await fetch(`${stack.stripeUrl}/v1/checkout/sessions/${sessionId}`, {
        headers: { authorization: 'Bearer sk_test_local' },
      })
    ).json();
    const payload = JSON.stringify({
      id: `evt_replay_${sessionId}`,
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `ch_${sessionId}`,
          object: 'charge',
          amount: 399,
          amount_refunded: 399,
          currency: 'usd',
          payment_intent: session.payment_intent,
          refunded: true,
        },
      },
    });
    const first = await postWebhook(payload, sign(payload));
    expect(first.json).toEqual({ received: true, reversed: true, state: 'refunded', creditsTaken: 10 });
    const replay = await postWebhook(payload, sign(payload));
    expect(replay.json).toEqual({ received: true, reversed: false });
    expect(await creditsOf(stack, user.sub)).toBe(0);
  });

  it('a partial refund takes back that share of the pack, rounded up; a dispute of another purchase takes all it can', async () => {
    const user = await userWithCredits(stack, 0, 'partial');
    const big = await buy(user.idToken, '50-ratings');
    expect((await emulator(`/__emulator/sessions/${big}/refund?amount=350`)).json).toMatchObject({ status: 200 });
    expect(await creditsOf(stack, user.sub)).toBe(50 - 26); // 350/699 of 50 credits = 25.04 → 26
    const small = await buy(user.idToken, '10-ratings');
    expect(await creditsOf(stack, user.sub)).toBe(34);
    expect((await emulator(`/__emulator/sessions/${small}/dispute`)).json).toMatchObject({ status: 200 });
    expect(await creditsOf(stack, user.sub)).toBe(24);
  });
});
