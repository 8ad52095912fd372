/**
 * Stripe: the SDK client and webhook secret, read once per cold start (directly from the environment, or from a
 * Secrets Manager secret {"secretKey","webhookSecret"}), and the PaymentsGateway the domain uses.
 * STRIPE_API_URL points the SDK at the local emulator.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import type { Env } from '../config/env.ts';
import { PaymentProviderError, type CheckoutSessionView, type PaymentsGateway } from '../domain/checkout.ts';
import type { PaymentProviderEvent } from '../domain/payment-events.ts';
import { onceAsync } from '#shared/once.ts';
import { PRICE_CURRENCY } from '#shared/packages.ts';

export interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

type StripeEnv = Pick<
  Env,
  'AWS_REGION' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_SECRET_ARN' | 'STRIPE_API_URL'
>;

export async function readStripeSecrets(env: StripeEnv): Promise<StripeSecrets> {
  let secretKey = env.STRIPE_SECRET_KEY;
  let webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  if ((!secretKey || !webhookSecret) && env.STRIPE_SECRET_ARN) {
    const sm = new SecretsManagerClient({ region: env.AWS_REGION });
    const out = await sm.send(new GetSecretValueCommand({ SecretId: env.STRIPE_SECRET_ARN }));
    const parsed = JSON.parse(out.SecretString ?? '{}') as Partial<StripeSecrets>;
    secretKey ??= parsed.secretKey;
    webhookSecret ??= parsed.webhookSecret;
  }
  if (!secretKey) throw new Error('Stripe secret key missing: set STRIPE_SECRET_KEY or STRIPE_SECRET_ARN');
  if (!webhookSecret) throw new Error('Stripe webhook secret missing: set STRIPE_WEBHOOK_SECRET or STRIPE_SECRET_ARN');
  return { secretKey, webhookSecret };
}

/** STRIPE_API_URL → the SDK's {host, port, protocol} options; none → api.stripe.com. */
export function stripeHostOptions(
  apiUrl: string | undefined,
): { host: string; port: number; protocol: 'http' | 'https' } | Record<string, never> {
  if (!apiUrl) return {};
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'https:' ? 'https' : 'http';
  return { host: u.hostname, port: Number(u.port || (protocol === 'https' ? 443 : 80)), protocol };
}

export function createStripeClient(secretKey: string, apiUrl: string | undefined): Stripe {
  return new Stripe(secretKey, { ...stripeHostOptions(apiUrl), maxNetworkRetries: 2, timeout: 10_000 });
}

const isStripeError = (err: unknown): err is InstanceType<typeof Stripe.errors.StripeError> =>
  err instanceof Stripe.errors.StripeError;

function metadataOf(m: Stripe.Metadata | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(m ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}

export function sessionView(s: Stripe.Checkout.Session): CheckoutSessionView {
  const customer = s.customer;
  return {
    id: s.id,
    payment_status: s.payment_status,
    metadata: metadataOf(s.metadata),
    amount_total: s.amount_total ?? null,
    line_items: s.line_items ?? null,
    currency: s.currency ?? null,
    paymentIntentId: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
    clientReferenceId: s.client_reference_id ?? null,
    createdAt: typeof s.created === 'number' ? s.created * 1000 : null,
    customerEmail:
      s.customer_details?.email ??
      s.customer_email ??
      (customer && typeof customer === 'object' && 'email' in customer ? customer.email : null) ??
      null,
  };
}

export function createPaymentsGateway(stripe: Stripe): PaymentsGateway {
  return {
    async createCustomer({ email, userId, idempotencyKey }) {
      const customer = await stripe.customers.create(
        { ...(email ? { email } : {}), metadata: { userId } },
        { idempotencyKey },
      );
      return customer.id;
    },
    async createCheckoutSession(input) {
      try {
        const session = await stripe.checkout.sessions.create({
          mode: 'payment',
          customer: input.customerId,
          line_items: [
            {
              price_data: {
                currency: PRICE_CURRENCY,
                unit_amount: input.unitAmount,
                product_data: { name: input.name, description: input.description },
              },
              quantity: 1,
            },
          ],
          metadata: {
            userId: input.userId,
            numCredits: String(input.numCredits),
            packageId: input.packageId,
            ...(input.ratingId ? { ratingId: input.ratingId } : {}),
          },
          client_reference_id: input.userId,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        });
        return { id: session.id, url: session.url };
      } catch (err) {
        if (isStripeError(err) && err.code === 'resource_missing' && err.param === 'customer') {
          throw new PaymentProviderError(err.message, 'missingCustomer');
        }
        throw err;
      }
    },
    async retrieveSession(id) {
      try {
        return sessionView(await stripe.checkout.sessions.retrieve(id, { expand: ['line_items'] }));
      } catch (err) {
        if (isStripeError(err) && (err.statusCode === 404 || err.code === 'resource_missing')) return null;
        throw err;
      }
    },
    async refundPayment(paymentIntentId, idempotencyKey) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId, reason: 'requested_by_customer' },
          { idempotencyKey },
        );
        return refund.id;
      } catch (err) {
        // refunded already (a key older than Stripe's 24 hours): the refund that exists is the answer
        if (!(isStripeError(err) && err.code === 'charge_already_refunded')) throw err;
        const existing = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 1 });
        if (!existing.data[0]) throw err;
        return existing.data[0].id;
      }
    },
    async customersOf(userId) {
      // Stripe's search is eventually consistent (a customer made within about a minute may be missing)
      const found = await stripe.customers.search({ query: `metadata['userId']:'${userId.replace(/'/g, "\\'")}'` });
      return found.data.map((c) => c.id);
    },
    async deleteCustomer(customerId) {
      try {
        await stripe.customers.del(customerId);
      } catch (err) {
        if (!(isStripeError(err) && (err.statusCode === 404 || err.code === 'resource_missing'))) throw err;
      }
    },
    async sessionOfPaymentIntent(paymentIntentId) {
      const list = await stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 });
      return list.data[0] ? sessionView(list.data[0]) : null;
    },
  };
}

/** Verifies the signature over the exact raw bytes; throws on any mismatch, tampering or stale timestamp. */
export function verifyWebhook(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  if (!signature) throw new Error('No stripe-signature header');
  return stripe.webhooks.constructEvent(rawBody, signature, secret);
}

/** `{ paymentIntentId }` of a charge or dispute, or nothing when it names none */
function paymentIntentOf(ref: string | { id: string } | null | undefined): { paymentIntentId?: string } {
  const id = typeof ref === 'string' ? ref : ref?.id;
  return id ? { paymentIntentId: id } : {};
}

/** A verified Stripe event as the domain reads it (domain/payment-events.ts); events of no concern are `other`. */
export function paymentEventOf(stripeEvent: Stripe.Event): PaymentProviderEvent {
  const { id: eventId, type } = stripeEvent;
  switch (stripeEvent.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return {
        kind: 'checkout',
        eventId,
        type,
        session: sessionView(stripeEvent.data.object),
        paymentConfirmed: stripeEvent.type === 'checkout.session.async_payment_succeeded',
      };
    case 'charge.refunded': {
      const charge = stripeEvent.data.object;
      return {
        kind: 'refund',
        eventId,
        type,
        ...paymentIntentOf(charge.payment_intent),
        amountPaid: charge.amount,
        amountRefunded: charge.amount_refunded,
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = stripeEvent.data.object;
      return {
        kind: 'dispute',
        eventId,
        type,
        ...paymentIntentOf(dispute.payment_intent),
        amount: dispute.amount,
        disputeId: dispute.id,
        status: dispute.status,
      };
    }
    default:
      return { kind: 'other', eventId, type };
  }
}

export interface StripeContext {
  stripe: Stripe;
  secrets: StripeSecrets;
  payments: PaymentsGateway;
}

export async function createStripeContext(env: StripeEnv): Promise<StripeContext> {
  const secrets = await readStripeSecrets(env);
  const stripe = createStripeClient(secrets.secretKey, env.STRIPE_API_URL);
  return { stripe, secrets, payments: createPaymentsGateway(stripe) };
}

/** The process-wide Stripe context (read once per cold start; a failed read is retried by the next request). */
let stripeOnce: (() => Promise<StripeContext>) | undefined;
export function defaultStripe(env: StripeEnv): Promise<StripeContext> {
  stripeOnce ??= onceAsync(() => createStripeContext(env));
  return stripeOnce();
}
