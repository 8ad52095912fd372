import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { startStripeEmulator, stripeClientOptions, type StripeEmulator } from '#infra/local/stripe-emulator.ts';
import { parseForm } from '#infra/local/stripe/form.ts';

const SECRET = 'whsec_test_emulator_secret';
const SUCCESS = 'http://127.0.0.1:5173/checkout/success?session_id={CHECKOUT_SESSION_ID}';
const CANCEL = 'http://127.0.0.1:5173/checkout/cancel';

interface Received {
  rawBody: string;
  signature: string;
}

/** A webhook receiver whose answer can be changed per test. */
async function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        rawBody: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    received,
    respondWith: (s: number) => (status = s),
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

async function closedPortUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}/webhooks/stripe`;
}

function sessionParams(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      {
        price_data: {
          currency: 'usd',
          unit_amount: 399,
          product_data: { name: '10 Hairline Ratings', description: 'Rate your hairline 10 times.' },
        },
        quantity: 1,
      },
    ],
    metadata: { userId: 'user-123', packageId: '10-ratings' },
    success_url: SUCCESS,
    cancel_url: CANCEL,
    client_reference_id: 'user-123',
    ...extra,
  };
}

describe('parseForm', () => {
  it('decodes bracket notation into nested objects and arrays', () => {
    const body =
      'line_items[0][price_data][unit_amount]=399&line_items[0][quantity]=1&line_items[1][quantity]=2' +
      '&metadata[userId]=u%201&expand[]=line_items&expand[]=customer&success_url=http%3A%2F%2Fx%2F%7BCHECKOUT_SESSION_ID%7D';
    expect(parseForm(body)).toEqual({
      line_items: [{ price_data: { unit_amount: '399' }, quantity: '1' }, { quantity: '2' }],
      metadata: { userId: 'u 1' },
      expand: ['line_items', 'customer'],
      success_url: 'http://x/{CHECKOUT_SESSION_ID}',
    });
    expect(() => parseForm('metadata[__proto__][x]=1')).toThrow();
  });
});

describe('Stripe emulator', () => {
  let emu: StripeEmulator;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let stripe: Stripe;
  const logs: string[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    emu = await startStripeEmulator({
      port: 0,
      webhookUrl: receiver.url,
      webhookSecret: SECRET,
      log: (l) => logs.push(l),
    });
    stripe = new Stripe('sk_test_local', stripeClientOptions(emu.url));
  });

  afterAll(async () => {
    await emu?.close();
    await receiver?.close();
  });

  it('binds to loopback and answers health', async () => {
    expect(emu.url).toBe(`http://127.0.0.1:${emu.port}`);
    expect(stripeClientOptions(emu.url)).toEqual({ host: '127.0.0.1', port: emu.port, protocol: 'http' });
    const res = await fetch(`${emu.url}/__emulator/health`);
    expect(res.status).toBe(200);
  });

  it('creates and retrieves customers', async () => {
    const created = await stripe.customers.create({
      email: 'a@example.com',
      name: 'Ann',
      metadata: { userId: 'user-123' },
    });
    expect(created).toMatchObject({
      object: 'customer',
      email: 'a@example.com',
      name: 'Ann',
      metadata: { userId: 'user-123' },
      livemode: false,
    });
    expect(created.id).toMatch(/^cus_/);
    const fetched = await stripe.customers.retrieve(created.id);
    expect(fetched).toEqual(created);

    // A retried POST with the same Idempotency-Key must not create a second customer.
    const post = () =>
      fetch(`${emu.url}/v1/customers`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer sk_test_local',
          'Idempotency-Key': 'retry-1',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'email=retry%40example.com',
      }).then((r) => r.json() as Promise<{ id: string }>);
    expect((await post()).id).toBe((await post()).id);
  });

  it('creates a checkout session, retrieves it with and without line_items, and pays it', async () => {
    const customer = await stripe.customers.create({ email: 'pay@example.com', name: 'Payer' });
    const session = await stripe.checkout.sessions.create(sessionParams({ customer: customer.id }));
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{20,}$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      url: `${emu.url}/pay/${session.id}`,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 399,
      amount_subtotal: 399,
      currency: 'usd',
      customer: customer.id,
      metadata: { userId: 'user-123', packageId: '10-ratings' },
      success_url: SUCCESS,
      cancel_url: CANCEL,
      mode: 'payment',
      client_reference_id: 'user-123',
      livemode: false,
    });
    expect(session.expires_at).toBeGreaterThan(session.created);
    expect(session).not.toHaveProperty('line_items');

    const plain = await stripe.checkout.sessions.retrieve(session.id);
    expect(plain).not.toHaveProperty('line_items');

    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(expanded.line_items).toMatchObject({
      object: 'list',
      has_more: false,
      url: `/v1/checkout/sessions/${session.id}/line_items`,
      data: [
        {
          object: 'item',
          description: '10 Hairline Ratings',
          quantity: 1,
          amount_total: 399,
          amount_subtotal: 399,
          currency: 'usd',
          price: { unit_amount: 399, currency: 'usd' },
        },
      ],
    });
    expect(expanded.line_items!.data[0]!.id).toMatch(/^li_/);
    expect(expanded.line_items!.data[0]!.price!.product).toMatch(/^prod_/);

    const list = await stripe.checkout.sessions.listLineItems(session.id, { expand: ['data.price.product'] });
    expect(list.data[0]!.price!.product).toMatchObject({
      object: 'product',
      name: '10 Hairline Ratings',
      description: 'Rate your hairline 10 times.',
    });

    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Stripe test checkout</title>');
    expect(html).toContain('10 Hairline Ratings');
    expect(html).toContain('$3.99');
    expect(html).toMatch(
      /<form method="post" action="\/pay\/[^"]+\/pay"><button type="submit"[^>]*>Pay<\/button><\/form>/,
    );
    expect(html).toMatch(
      /<form method="post" action="\/pay\/[^"]+\/cancel"><button type="submit"[^>]*>Cancel<\/button><\/form>/,
    );

    const before = receiver.received.length;
    const paid = await fetch(`${emu.url}/pay/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:5173/checkout/success?session_id=${session.id}`);

    const events = receiver.received.slice(before);
    expect(events).toHaveLength(1);
    const { rawBody, signature } = events[0]!;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = stripe.webhooks.constructEvent(rawBody, signature, SECRET);
    expect(event).toMatchObject({
      object: 'event',
      type: 'checkout.session.completed',
      livemode: false,
      api_version: Stripe.API_VERSION,
    });
    expect(event.id).toMatch(/^evt_/);
    const completed = event.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 399,
      metadata: session.metadata,
    });
    expect(completed.payment_intent).toMatch(/^pi_/);
    expect(() =>
      stripe.webhooks.constructEvent(rawBody.replace('"amount_total": 399', '"amount_total": 1'), signature, SECRET),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(rawBody, signature, 'whsec_wrong')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      amount_total: 399,
      payment_intent: completed.payment_intent,
    });
    expect((await stripe.events.retrieve(event.id)).id).toBe(event.id);

    // Paying again only redirects: no second event.
    const again = await fetch(`${emu.url}/pay/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`http://127.0.0.1:5173/checkout/success?session_id=${session.id}`);
    expect(receiver.received.length).toBe(before + 1);
  });

  it('cancel redirects to cancel_url and leaves the session open', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const res = await fetch(`${emu.url}/pay/${session.id}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(CANCEL);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('reports unknown ids and bad requests in Stripe error shape', async () => {
    const err = await stripe.checkout.sessions.retrieve('cs_x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such checkout.session: 'cs_x'",
    });
    await expect(stripe.customers.retrieve('cus_nope')).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);

    const raw = await fetch(`${emu.url}/v1/checkout/sessions/cs_x`, {
      headers: { Authorization: 'Bearer sk_test_local' },
    });
    expect(raw.status).toBe(404);
    expect(await raw.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: "No such checkout.session: 'cs_x'",
        param: 'id',
      },
    });

    for (const param of ['success_url', 'line_items', 'mode'] as const) {
      const params = sessionParams();
      delete params[param];
      const e = await stripe.checkout.sessions.create(params).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(e).toMatchObject({ statusCode: 400, param, code: 'parameter_missing' });
    }
    await expect(stripe.checkout.sessions.create(sessionParams({ customer: 'cus_missing' }))).rejects.toMatchObject({
      statusCode: 400,
      param: 'customer',
    });

    const page = await fetch(`${emu.url}/pay/cs_unknown`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect((await fetch(`${emu.url}/pay/cs_unknown/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(404);
  });

  it('requires a test secret key', async () => {
    const res = await fetch(`${emu.url}/v1/checkout/sessions/cs_x`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const live = new Stripe('sk_live_nope', stripeClientOptions(emu.url));
    await expect(live.customers.create({ email: 'x@example.com' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('test helpers complete a session and redeliver the same event', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const before = receiver.received.length;
    const res = await fetch(`${emu.url}/__emulator/sessions/${session.id}/complete`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.headers.get('emulator-webhook-delivered')).toBe('true');
    expect(await res.json()).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid' });

    receiver.respondWith(500);
    const redeliver = await fetch(`${emu.url}/__emulator/sessions/${session.id}/deliver`, { method: 'POST' });
    expect(await redeliver.json()).toMatchObject({ delivered: false, status: 500, attempts: 1 });
    receiver.respondWith(200);
    const ok: any = await (
      await fetch(`${emu.url}/__emulator/sessions/${session.id}/deliver`, { method: 'POST' })
    ).json();
    expect(ok).toMatchObject({ delivered: true, status: 200 });

    const ids = receiver.received
      .slice(before)
      .map((r) => stripe.webhooks.constructEvent(r.rawBody, r.signature, SECRET).id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids)).toEqual(new Set([ok.event_id]));

    const open = await stripe.checkout.sessions.create(sessionParams());
    expect((await fetch(`${emu.url}/__emulator/sessions/${open.id}/deliver`, { method: 'POST' })).status).toBe(400);
  });

  it('retries failed deliveries and still redirects when the receiver is down', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    receiver.respondWith(503);
    const before = receiver.received.length;
    const res = await fetch(`${emu.url}/__emulator/sessions/${session.id}/complete`, { method: 'POST' });
    receiver.respondWith(200);
    expect(res.headers.get('emulator-webhook-status')).toBe('503');
    expect(receiver.received.length - before).toBe(4); // first attempt + 3 retries

    emu.setWebhookUrl(await closedPortUrl());
    try {
      const down = await stripe.checkout.sessions.create(sessionParams());
      const paid = await fetch(`${emu.url}/pay/${down.id}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect((await stripe.checkout.sessions.retrieve(down.id)).payment_status).toBe('paid');
      expect(logs.some((l) => l.includes(down.id) || l.includes('giving up'))).toBe(true);
    } finally {
      emu.setWebhookUrl(receiver.url);
    }
  });
});

describe('Stripe emulator persistence', () => {
  it('keeps customers and sessions across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stripe-emu-'));
    const stateFile = join(dir, 'nested', 'stripe-state.json');
    let emu: StripeEmulator | undefined;
    try {
      emu = await startStripeEmulator({ port: 0, webhookSecret: SECRET, stateFile, log: () => {} });
      let stripe = new Stripe('sk_test_local', stripeClientOptions(emu.url));
      const customer = await stripe.customers.create({ email: 'keep@example.com' });
      const session = await stripe.checkout.sessions.create(sessionParams({ customer: customer.id }));
      await fetch(`${emu.url}/__emulator/sessions/${session.id}/complete`, { method: 'POST' });
      await emu.close();
      emu = undefined;
      expect(JSON.parse(await readFile(stateFile, 'utf8')).sessions[session.id]).toBeDefined();

      emu = await startStripeEmulator({ port: 0, webhookSecret: SECRET, stateFile, log: () => {} });
      stripe = new Stripe('sk_test_local', stripeClientOptions(emu.url));
      expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ email: 'keep@example.com' });
      const open = await stripe.checkout.sessions.create(sessionParams());
      await emu.close();
      emu = await startStripeEmulator({ port: 0, webhookSecret: SECRET, stateFile, log: () => {} });
      stripe = new Stripe('sk_test_local', stripeClientOptions(emu.url));
      expect((await stripe.checkout.sessions.retrieve(open.id)).url).toBe(`${emu.url}/pay/${open.id}`);
      const restored = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
      expect(restored).toMatchObject({ status: 'complete', payment_status: 'paid', customer: customer.id });
      expect(restored.line_items!.data).toHaveLength(1);
    } finally {
      await emu?.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
