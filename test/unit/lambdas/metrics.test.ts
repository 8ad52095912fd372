/**
 * The business metrics (lambdas/metrics.ts): what the domain reports during a request reaches CloudWatch as EMF lines,
 * written once by the shared wrapper. The handlers run for real over a scripted DynamoDB document client; the EMF the
 * Metrics instance would print is captured from `serializeMetrics` (metrics are disabled in tests, so nothing prints).
 */
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '#lambdas/domain/db.ts';
import type { UserItem } from '#lambdas/domain/ports/users.ts';
import { photoRefused } from '#lambdas/domain/errors.ts';
import { METRICS_NAMESPACE, RequestMetrics, metrics } from '#lambdas/metrics.ts';
import { makeHandler as makeAnalyzeHandler } from '#lambdas/handlers/analyze-hairline.ts';
import { makeHandler as makeWebhookHandler } from '#lambdas/handlers/stripe-webhook.ts';
import type { PaymentsGateway } from '#lambdas/domain/checkout.ts';
import { logger } from '#lambdas/logging.ts';
import { memoryDb } from '#test/support/memory-stores/index.ts';
import { event, JPEG_MAGIC } from '#test/support/lambda-event.ts';

type Emf = Record<string, unknown> & { _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][] }[] } };
let lines: Emf[];

beforeEach(() => {
  lines = [];
  // what publishStoredMetrics would print when enabled; it also clears the buffer, as the real one does
  vi.spyOn(metrics, 'publishStoredMetrics').mockImplementation(() => {
    if (metrics.hasStoredMetrics()) lines.push(metrics.serializeMetrics() as Emf);
    metrics.clearMetrics();
    metrics.clearDimensions();
    return metrics;
  });
});
afterEach(() => vi.restoreAllMocks());

/** The counts written, as "Name{dim=value}" → value, over all EMF lines. */
function written(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of lines) {
    const { Namespace, Dimensions } = line._aws.CloudWatchMetrics[0]!;
    expect(Namespace).toBe(METRICS_NAMESPACE);
    expect(line.service).toBe('hairline-rater');
    const dims = (Dimensions[0] ?? [])
      .filter((d) => d !== 'service')
      .map((d) => `${d}=${String(line[d])}`)
      .join(',');
    const names = Object.keys(line).filter((k) => k !== '_aws' && !(Dimensions[0] ?? []).includes(k));
    for (const name of names) out[dims ? `${name}{${dims}}` : name] = line[name] as number;
  }
  return out;
}

/** In-memory stores holding one user. */
function storesWith(user: UserItem): Db {
  const db = memoryDb();
  db.tables.users.set(user.userId, structuredClone(user));
  return db;
}

const user = {
  userId: 'u-metrics',
  username: 'metrics',
  email: 'm@example.com',
  credits: 3,
  createdAt: '2026-01-01',
} as UserItem;
const signedIn = {
  ...event().requestContext,
  authorizer: { jwt: { claims: { sub: user.userId, token_use: 'id' }, scopes: [] } },
};

/** The webhook handler over a scripted db, called with a signed `checkout.session.completed` for `session`. */
async function deliverCompleted(session: Record<string, unknown>, db: Db) {
  const secrets = { secretKey: 'sk_test_metrics', webhookSecret: 'whsec_metrics' };
  const stripe = new Stripe(secrets.secretKey);
  const payments = {} as PaymentsGateway; // a paid session of a live account asks the payment provider nothing
  const handler = makeWebhookHandler({ db: () => db, stripe: async () => ({ stripe, secrets, payments }) });
  const data = { object: { object: 'checkout.session', payment_status: 'paid', currency: 'usd', ...session } };
  const type = 'checkout.session.completed';
  const payload = JSON.stringify({ id: `evt_${String(session.id)}`, object: 'event', type, data });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: secrets.webhookSecret });
  return handler(event({ headers: { 'stripe-signature': signature }, body: payload }));
}

describe('metrics of a request', () => {
  it('a refused analysis: credit reserved and refunded (refused), refusal by code, one 4xx', async () => {
    const handler = makeAnalyzeHandler({
      db: () => storesWith(user),
      analyze: async () => async () => {
        throw photoRefused('This photo is too dark to see your hairline.', 'too_dark');
      },
    });
    const res = await handler(
      event({
        headers: { 'content-type': 'image/jpeg' },
        body: Buffer.from(JPEG_MAGIC).toString('base64'),
        isBase64Encoded: true,
        requestContext: signedIn as never,
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(written()).toEqual({
      CreditsReserved: 1,
      Responses4xx: 1,
      'CreditsRefunded{reason=refused}': 1,
      'AnalysesRefused{code=too_dark}': 1,
    });
    expect(lines).toHaveLength(3); // one EMF line per set of dimensions, all written when the request was answered
  });

  it('a Stripe fulfilment: one fulfilment (credited) and the credits bought; nothing else', async () => {
    const metadata = { userId: user.userId, numCredits: '10', packageId: '10-ratings' };
    const db = storesWith(user);
    const res = await deliverCompleted({ id: 'cs_test_metrics', amount_total: 399, metadata }, db);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({ received: true, credited: true });
    expect(written()).toEqual({ 'StripeFulfilments{outcome=credited}': 1, CreditsPurchased: 10 });
  });

  it('an unrecognised payment is acknowledged (200, nothing credited) and counted as such', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => {}); // fulfil logs the refusal at ERROR
    const metadata = { userId: user.userId, numCredits: '10', packageId: '10-ratings' };
    const res = await deliverCompleted({ id: 'cs_test_forged', amount_total: 1, metadata }, storesWith(user));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({ received: true, credited: false });
    expect(written()).toEqual({ 'StripeFulfilments{outcome=unrecognised}': 1 });
  });

  it('adds up repeated counts and writes nothing for a quiet request', () => {
    const request = new RequestMetrics();
    request.flush();
    expect(lines).toEqual([]);
    request.report({ type: 'analysis-completed', view: 'top' });
    request.report({ type: 'analysis-completed', view: 'top' });
    request.report({ type: 'analysis-completed', view: 'front' });
    request.report({ type: 'credit-expired' });
    request.flush();
    expect(written()).toEqual({ 'Analyses{view=top}': 2, 'Analyses{view=front}': 1, CreditsExpired: 1 });
  });
});
