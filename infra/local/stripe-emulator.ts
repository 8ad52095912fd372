/**
 * Local Stripe emulator: just enough of Stripe's API, hosted Checkout page and webhooks for the
 * official `stripe` SDK to drive a payment end to end without network access.
 *
 * Stripe API (requires `Authorization: Bearer sk_test_...`, errors in Stripe's shape):
 *   POST /v1/customers                              GET /v1/customers/:id    DELETE /v1/customers/:id
 *   GET  /v1/customers/search?query=metadata['key']:'value'
 *   POST /v1/refunds (payment_intent, amount?: at most what is left of the charge)   GET /v1/refunds?payment_intent=
 *   GET  /v1/checkout/sessions?payment_intent=
 *   POST /v1/checkout/sessions (mode=payment, price_data line items only)
 *   GET  /v1/checkout/sessions/:id[?expand[]=line_items]
 *   GET  /v1/checkout/sessions/:id/line_items       GET /v1/events/:id
 * Hosted test checkout (what session.url points to):
 *   GET  /pay/:id          page with Pay and Cancel buttons
 *   POST /pay/:id/pay      completes the session, delivers checkout.session.completed (awaited,
 *                          retried), then 303 to success_url ({CHECKOUT_SESSION_ID} filled in)
 *   POST /pay/:id/cancel   303 to cancel_url; the session stays open
 * Test-only helpers (no auth):
 *   POST /__emulator/sessions/:id/complete   same as Pay, answers with the session JSON (no redirect);
 *                                            headers Emulator-Webhook-Delivered / -Status tell the outcome;
 *                                            ?deliver=false: as if every delivery failed so far
 *   POST /__emulator/sessions/:id/refund[?amount=N]   refunds N (default: what is left), sends charge.refunded
 *                                            with the cumulative amount_refunded
 *   POST /__emulator/sessions/:id/dispute    opens the payment's dispute, sends charge.dispute.created
 *   POST /__emulator/sessions/:id/dispute/close?status=won|lost|warning_closed   sends charge.dispute.closed
 *   POST /__emulator/events/:id/deliver      sends any event once more (a replay)
 *   POST /__emulator/sessions/:id/deliver    sends the same completed event once more (same event id),
 *                                            answers { event_id, delivered, status, attempts }
 *   GET  /__emulator/health                  200 { ok: true }
 *
 * Run standalone: `tsx infra/local/stripe-emulator.ts` with env STRIPE_EMULATOR_PORT (12111),
 * STRIPE_WEBHOOK_SECRET (whsec_local), STRIPE_WEBHOOK_URL, STRIPE_EMULATOR_STATE (JSON file).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Stripe from 'stripe';
import {
  ApiError,
  chargeView,
  completeSession,
  createCustomer,
  createSession,
  expansions,
  lineItemList,
  disputeView,
  missing,
  refundPayment,
  searchCustomers,
  sessionView,
} from './stripe/api.ts';
import { FormError, parseForm, type FormObject } from './stripe/form.ts';
import { checkoutPage, notFoundPage } from './stripe/pages.ts';
import { checkAuth, parseBody, readBody, sendHtml, sendJson } from './stripe/http.ts';
import { Store, newId, nowSeconds, type Json, type SessionRecord } from './stripe/store.ts';
import { deliverEvent, type DeliveryResult } from './stripe/webhook.ts';

export interface StripeEmulatorOptions {
  port: number;
  host?: string;
  webhookUrl?: string;
  webhookSecret: string;
  stateFile?: string;
  log?: (line: string) => void;
}

export interface StripeEmulator {
  url: string;
  port: number;
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

/** Options for the official SDK: `new Stripe(key, stripeClientOptions(emu.url))`. */
export function stripeClientOptions(url: string): { host: string; port: number; protocol: 'http' } {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || 80), protocol: 'http' };
}

const IDEMPOTENCY_CACHE = 500;

/** A `charge.*` event of a paid session's payment: its object is the charge or the dispute as it is now. */
function chargeEvent(type: 'charge.refunded' | 'charge.dispute.created' | 'charge.dispute.closed', object: Json): Json {
  return {
    id: newId('evt_'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export async function startStripeEmulator(opts: StripeEmulatorOptions): Promise<StripeEmulator> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? ((line: string) => console.log(`[stripe-emulator] ${line}`));
  const store = new Store(opts.stateFile);
  const state = store.state;
  let webhookUrl = opts.webhookUrl;
  let baseUrl = '';
  // A POST with an Idempotency-Key seen before gets the first answer again (Stripe keeps keys 24 hours; the emulator
  // its last IDEMPOTENCY_CACHE). Kept as a promise, so concurrent requests with one key share one execution.
  const idempotent = new Map<string, Promise<{ status: number; body: unknown }>>();

  const deliver = (event: Json, retries?: number): Promise<DeliveryResult> =>
    deliverEvent(event, { url: webhookUrl, secret: opts.webhookSecret, log, retries });

  function findSession(id: string): SessionRecord {
    const rec = state.sessions[id];
    if (!rec) throw missing('checkout.session', id);
    return rec;
  }

  /** Pressing Pay: completes once; later presses neither change the session nor send another event. */
  async function pay(rec: SessionRecord, delivered = true): Promise<DeliveryResult | null> {
    const event = completeSession(state, rec, Stripe.API_VERSION);
    if (!event) return null;
    store.save();
    log(
      `checkout session ${String(rec.session.id)} paid (${String(rec.session.amount_total)} ${String(rec.session.currency)})`,
    );
    // deliver=false: as if every delivery had failed so far (a later /deliver sends it)
    return delivered ? deliver(event) : { delivered: false, status: null, attempts: 0 };
  }

  async function api(method: string, parts: string[], params: FormObject): Promise<unknown> {
    const [resource, id, sub, extra] = parts;
    if (resource === 'customers' && method === 'POST' && !id) {
      const customer = createCustomer(state, params);
      store.save();
      return customer;
    }
    if (resource === 'customers' && method === 'DELETE' && id && !sub) {
      if (!state.customers[id]) throw missing('customer', id);
      delete state.customers[id];
      store.save();
      return { id, object: 'customer', deleted: true };
    }
    if (resource === 'refunds' && method === 'GET' && !id) {
      const intent = typeof params.payment_intent === 'string' ? params.payment_intent : undefined;
      const all = Object.values(state.sessions).flatMap((r) => r.refunds ?? []);
      return {
        object: 'list',
        url: '/v1/refunds',
        has_more: false,
        data: all.filter((r) => !intent || r.payment_intent === intent),
      };
    }
    if (resource === 'refunds' && method === 'POST' && !id) {
      const intent = typeof params.payment_intent === 'string' ? params.payment_intent : '';
      const rec = Object.values(state.sessions).find((r) => intent && r.session.payment_intent === intent);
      if (!rec) throw new ApiError(404, `No such payment_intent: '${intent}'`, 'payment_intent', 'resource_missing');
      const amount = typeof params.amount === 'string' ? Number(params.amount) : null;
      const refund = refundPayment(rec, amount, params.reason);
      store.save();
      log(`payment ${String(intent)} refunded (${String(refund.amount)} ${String(refund.currency)})`);
      return refund;
    }
    if (resource === 'customers' && method === 'GET' && id === 'search' && !sub) return searchCustomers(state, params);
    if (resource === 'customers' && method === 'GET' && id && id !== 'search' && !sub) {
      const customer = state.customers[id];
      if (!customer) throw missing('customer', id);
      return customer;
    }
    if (resource === 'events' && method === 'GET' && id && !sub) {
      const event = state.events[id];
      if (!event) throw missing('event', id);
      return event;
    }
    if (resource === 'checkout' && id === 'sessions') {
      if (method === 'POST' && !sub) {
        const rec = createSession(state, params, baseUrl);
        store.save();
        return sessionView(state, rec, expansions(params), baseUrl);
      }
      if (method === 'GET' && !sub) {
        // list, filtered by payment_intent as Stripe does (how a refund or dispute is traced back to its session)
        const wanted = typeof params.payment_intent === 'string' ? params.payment_intent : undefined;
        const found = Object.values(state.sessions).filter((r) => !wanted || r.session.payment_intent === wanted);
        return {
          object: 'list',
          url: '/v1/checkout/sessions',
          has_more: false,
          data: found.slice(0, 100).map((r) => sessionView(state, r, new Set(), baseUrl)),
        };
      }
      if (method === 'GET' && sub && !extra) return sessionView(state, findSession(sub), expansions(params), baseUrl);
      if (method === 'GET' && sub && extra === 'line_items' && parts.length === 4) {
        return lineItemList(findSession(sub), expansions(params).has('data.price.product'));
      }
    }
    throw new ApiError(404, `Unrecognized request URL (${method}: /v1/${parts.join('/')}).`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', baseUrl);
    const path = url.pathname;
    const body = await readBody(req);
    let m: RegExpExecArray | null;

    if (path.startsWith('/v1/')) {
      try {
        checkAuth(req.headers.authorization);
        const key = req.headers['idempotency-key'];
        const cacheKey = method === 'POST' && typeof key === 'string' ? `${path} ${key}` : undefined;
        const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
        if (cached) {
          const first = await cached;
          return sendJson(res, first.status, first.body, { 'Idempotent-Replayed': 'true' });
        }
        const params = method === 'GET' ? parseForm(url.searchParams) : parseBody(req, body);
        const answer = api(method, path.slice(4).split('/').map(decodeURIComponent), params).then(
          (result) => ({ status: 200, body: result }),
          (err: unknown) => {
            if (err instanceof ApiError) return { status: err.status, body: err };
            throw err;
          },
        );
        if (cacheKey) {
          idempotent.set(cacheKey, answer);
          answer.catch(() => idempotent.delete(cacheKey));
          if (idempotent.size > IDEMPOTENCY_CACHE) idempotent.delete(idempotent.keys().next().value!);
        }
        const { status, body: result } = await answer;
        return sendJson(res, status, result);
      } catch (err) {
        if (err instanceof ApiError) return sendJson(res, err.status, err);
        if (err instanceof FormError) return sendJson(res, 400, new ApiError(400, err.message));
        throw err;
      }
    }

    if ((m = /^\/pay\/([^/]+)(?:\/(pay|cancel))?$/.exec(path))) {
      const id = decodeURIComponent(m[1]!);
      const action = m[2];
      const rec = state.sessions[id];
      if (!rec) return sendHtml(res, 404, notFoundPage(id));
      if (!action && (method === 'GET' || method === 'HEAD')) {
        return sendHtml(res, 200, checkoutPage(rec.session, rec.lineItems, rec.products));
      }
      if (action && method === 'POST') {
        if (action === 'pay') await pay(rec);
        const s = rec.session;
        // Without a cancel_url Stripe shows no way back; returning to the page beats faking a success.
        const target =
          action === 'pay' ? String(s.success_url) : typeof s.cancel_url === 'string' ? s.cancel_url : `/pay/${m[1]}`;
        res.writeHead(303, { Location: target.replaceAll('{CHECKOUT_SESSION_ID}', id) }).end();
        return;
      }
      return sendJson(res, 405, new ApiError(405, `Method ${method} not allowed on ${path}`));
    }

    if (path === '/__emulator/health' && method === 'GET') return sendJson(res, 200, { ok: true });
    if ((m = /^\/__emulator\/sessions\/([^/]+)\/(refund|dispute|dispute\/close)$/.exec(path)) && method === 'POST') {
      const rec = state.sessions[decodeURIComponent(m[1]!)];
      if (!rec) return sendJson(res, 404, missing('checkout.session', decodeURIComponent(m[1]!)));
      if (rec.session.payment_status !== 'paid')
        return sendJson(res, 400, new ApiError(400, 'Only a paid session can be refunded or disputed.'));
      const amount = url.searchParams.get('amount');
      const event =
        m[2] === 'refund'
          ? (refundPayment(rec, amount === null ? null : Number(amount), 'requested_by_customer'),
            chargeEvent('charge.refunded', chargeView(rec)))
          : m[2] === 'dispute'
            ? chargeEvent('charge.dispute.created', disputeView(rec, null))
            : chargeEvent('charge.dispute.closed', disputeView(rec, url.searchParams.get('status') ?? 'lost'));
      state.events[String(event.id)] = event;
      store.save();
      return sendJson(res, 200, { event_id: event.id, ...(await deliver(event, 0)) });
    }
    if ((m = /^\/__emulator\/events\/([^/]+)\/deliver$/.exec(path)) && method === 'POST') {
      const event = state.events[decodeURIComponent(m[1]!)];
      if (!event) return sendJson(res, 404, missing('event', decodeURIComponent(m[1]!)));
      return sendJson(res, 200, { event_id: event.id, ...(await deliver(event, 0)) });
    }
    if ((m = /^\/__emulator\/sessions\/([^/]+)\/(complete|deliver)$/.exec(path)) && method === 'POST') {
      const id = decodeURIComponent(m[1]!);
      const rec = state.sessions[id];
      if (!rec) return sendJson(res, 404, missing('checkout.session', id));
      if (m[2] === 'complete') {
        const delivery = await pay(rec, url.searchParams.get('deliver') !== 'false');
        return sendJson(res, 200, rec.session, {
          'Emulator-Webhook-Delivered': String(delivery?.delivered ?? 'already-complete'),
          'Emulator-Webhook-Status': String(delivery?.status ?? ''),
        });
      }
      const event = rec.completedEventId ? state.events[rec.completedEventId] : undefined;
      if (!event)
        return sendJson(res, 400, new ApiError(400, `Checkout session ${id} is not complete; nothing to deliver.`));
      const result = await deliver(event, 0);
      return sendJson(res, 200, { event_id: event.id, ...result });
    }

    sendJson(res, 404, new ApiError(404, `Unrecognized request URL (${method}: ${path}).`));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!(err instanceof ApiError || err instanceof URIError))
        log(`internal error on ${req.method} ${req.url}: ${err instanceof Error ? err.stack : String(err)}`);
      if (res.headersSent) res.destroy();
      else if (err instanceof ApiError) sendJson(res, err.status, err);
      else if (err instanceof URIError) sendJson(res, 400, new ApiError(400, 'Malformed URL encoding'));
      else sendJson(res, 500, new ApiError(500, 'Internal emulator error', undefined, undefined, 'api_error'));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  log(`listening on ${baseUrl}${opts.stateFile ? ` (state: ${opts.stateFile})` : ''}`);

  return {
    url: baseUrl,
    port,
    setWebhookUrl(next: string) {
      webhookUrl = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // The SDK keeps connections alive; without this close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const emu = await startStripeEmulator({
    port: Number(process.env.STRIPE_EMULATOR_PORT ?? 12111),
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_local',
    webhookUrl: process.env.STRIPE_WEBHOOK_URL,
    stateFile: process.env.STRIPE_EMULATOR_STATE,
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void emu.close().then(() => process.exit(0)));
}
