/** Buying credits: Checkout Session creation and the post-payment verification (which fulfils like the webhook). */
import { countUserCall } from './user-limits.ts';
import { logger } from '../logging.ts';
import { findPackage } from '#shared/packages.ts';
import type { Caller } from '../http/auth.ts';
import { badGateway, badRequest, forbidden, notFound } from '../http/errors.ts';
import { fulfil, type FulfilDeps, type FulfilOutcome } from './fulfil.ts';
import { API_MESSAGES } from './messages.ts';
import { ensureProfile, replaceStripeCustomer, setStripeCustomerIfAbsent } from './users.ts';

/** What the payment provider looks like to the domain (implemented over the Stripe SDK in adapters/stripe.ts). */
export interface PaymentsGateway {
  createCustomer(input: { email: string; userId: string }): Promise<string>;
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string | null }>;
  /** null when the provider does not know the session */
  retrieveSession(id: string): Promise<CheckoutSessionView | null>;
  /** names and descriptions of the session's line items, joined */
  lineItemText(sessionId: string): Promise<string>;
  /** the Checkout Session that created a payment intent (what a refund or dispute names), null when none did */
  sessionOfPaymentIntent(paymentIntentId: string): Promise<CheckoutSessionView | null>;
  /** gives a whole payment back; returns the refund's id */
  refundPayment(paymentIntentId: string): Promise<string>;
  /** forgets a customer (its e-mail and our user id); a customer the provider no longer knows is not an error */
  deleteCustomer(customerId: string): Promise<void>;
}

export interface CheckoutSessionInput {
  customerId: string;
  userId: string;
  packageId: string;
  name: string;
  description: string;
  unitAmount: number;
  numCredits: number;
  ratingId?: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSessionView {
  id: string;
  payment_status: string;
  metadata: Record<string, string>;
  amount_total: number | null;
  line_items: unknown;
  customerEmail?: string | null;
  currency?: string | null;
  /** the payment the session took (null until paid) */
  paymentIntentId?: string | null;
}

/** Thrown by the gateway: `missingCustomer` when a stored customer id is unknown to the provider. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'missingCustomer' | 'notFound' | 'other',
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface CheckoutDeps extends FulfilDeps {
  payments: PaymentsGateway;
  siteUrl: string;
}

export function checkoutUrls(siteUrl: string): { successUrl: string; cancelUrl: string } {
  const base = siteUrl.replace(/\/+$/, '');
  return { successUrl: `${base}/checkout-success?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${base}/pricing` };
}

export async function createCheckout(
  deps: CheckoutDeps,
  caller: Caller,
  request: { packageId: string; ratingId?: string | null },
): Promise<{ url: string; sessionId: string }> {
  const pkg = findPackage(request.packageId);
  if (!pkg) throw badRequest(API_MESSAGES.unknownPackage);
  const profile = await ensureProfile(deps, caller);
  await countUserCall(deps, caller.userId, 'checkout');
  const failed = (err: unknown) => {
    logger.error('checkout session creation failed', { userId: caller.userId, error: String(err) });
    return badGateway(API_MESSAGES.failedToCreateCheckout);
  };

  const newCustomer = async () => {
    try {
      return await deps.payments.createCustomer({ email: profile.email || caller.email || '', userId: caller.userId });
    } catch (err) {
      throw failed(err);
    }
  };
  let customerId =
    profile.stripeCustomerId ?? (await setStripeCustomerIfAbsent(deps, caller.userId, await newCustomer()));

  const input = (customer: string): CheckoutSessionInput => ({
    customerId: customer,
    userId: caller.userId,
    packageId: pkg.id,
    name: pkg.name,
    description: pkg.description,
    unitAmount: pkg.price,
    numCredits: pkg.numRatings,
    ...(request.ratingId ? { ratingId: request.ratingId } : {}),
    ...checkoutUrls(deps.siteUrl),
  });

  let session: { id: string; url: string | null };
  try {
    session = await deps.payments.createCheckoutSession(input(customerId));
  } catch (err) {
    if (!(err instanceof PaymentProviderError && err.kind === 'missingCustomer')) throw failed(err);
    // the stored customer is gone on the provider's side (another Stripe account, a reset emulator): start afresh
    customerId = await newCustomer();
    await replaceStripeCustomer(deps, caller.userId, customerId);
    try {
      session = await deps.payments.createCheckoutSession(input(customerId));
    } catch (retryErr) {
      throw failed(retryErr);
    }
  }
  if (!session.url) throw badGateway(API_MESSAGES.noCheckoutUrl);
  return { url: session.url, sessionId: session.id };
}

export const PAID_STATUSES = new Set(['paid', 'no_payment_required']);

export interface VerifiedCheckout extends FulfilOutcome {
  session: CheckoutSessionView;
}

/** The return page's check: the session must be paid and belong to the caller; then it is fulfilled (idempotent). */
export async function verifyCheckout(
  deps: CheckoutDeps,
  caller: Caller,
  sessionId: string | undefined,
): Promise<VerifiedCheckout> {
  if (!sessionId) throw badRequest(API_MESSAGES.noSessionId);
  if (sessionId.length > 255) throw notFound(API_MESSAGES.checkoutSessionNotFound);
  let session: CheckoutSessionView | null;
  try {
    session = await deps.payments.retrieveSession(sessionId);
  } catch (err) {
    logger.error('checkout session retrieval failed', { sessionId, error: String(err) });
    throw badGateway(API_MESSAGES.failedToVerifyPayment);
  }
  if (!session) throw notFound(API_MESSAGES.checkoutSessionNotFound);
  if (!PAID_STATUSES.has(session.payment_status))
    throw badRequest(API_MESSAGES.paymentNotCompleted(session.payment_status));
  const owner = session.metadata?.userId;
  if (!owner) throw badRequest(API_MESSAGES.noUserIdInMetadata);
  if (owner !== caller.userId) throw forbidden(API_MESSAGES.sessionUserMismatch);
  await ensureProfile(deps, caller);
  const outcome = await fulfil(deps, {
    sessionId: session.id,
    userId: owner,
    metadata: session.metadata,
    amountTotal: session.amount_total,
    lineItemText: async () => lineItemTextOf(session.line_items) ?? (await deps.payments.lineItemText(session.id)),
    email: session.customerEmail ?? caller.email,
    currency: session.currency ?? null,
  });
  return { ...outcome, session };
}

/** Joins descriptions and product names of an expanded `line_items` list; undefined when it is not one. */
export function lineItemTextOf(lineItems: unknown): string | undefined {
  const data = (lineItems as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return undefined;
  return data
    .map((li: { description?: unknown; price?: { product?: unknown } }) => {
      const product = li.price?.product as { name?: unknown; description?: unknown } | string | undefined;
      const parts = [
        li.description,
        typeof product === 'object' ? product?.name : undefined,
        typeof product === 'object' ? product?.description : undefined,
      ];
      return parts.filter((p): p is string => typeof p === 'string').join(' ');
    })
    .join(' ');
}
