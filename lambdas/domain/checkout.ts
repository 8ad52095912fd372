/** Buying credits: Checkout Session creation and the post-payment verification (which fulfils like the webhook). */
import { countUserCall } from './user-limits.ts';
import { logger } from '../logging.ts';
import { CHECKOUT_CANCELLED_PARAM, findPackage } from '#shared/packages.ts';
import type { Caller } from './caller.ts';
import { DomainError, invalidInput, isDomainError, notFound } from './errors.ts';
import { fulfil, type FulfilDeps, type FulfilOutcome, type PaidSession } from './fulfil.ts';
import { API_MESSAGES } from './messages.ts';
import { ensureProfile, replaceStripeCustomer, setStripeCustomerIfAbsent } from './users.ts';

/** What the payment provider looks like to the domain (implemented over the Stripe SDK in adapters/stripe.ts). */
export interface PaymentsGateway {
  /** one customer per `idempotencyKey`: concurrent or retried calls with the same key get the same customer */
  createCustomer(input: { email: string; userId: string; idempotencyKey: string }): Promise<string>;
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string | null }>;
  /** null when the provider does not know the session */
  retrieveSession(id: string): Promise<CheckoutSessionView | null>;
  /** the Checkout Session that created a payment intent (what a refund or dispute names), null when none did */
  sessionOfPaymentIntent(paymentIntentId: string): Promise<CheckoutSessionView | null>;
  /**
   * gives a whole payment back, once: the same `idempotencyKey` returns the first refund, and a payment refunded
   * already returns its refund; returns the refund's id
   */
  refundPayment(paymentIntentId: string, idempotencyKey: string): Promise<string>;
  /** forgets a customer (its e-mail and our user id); a customer the provider no longer knows is not an error */
  deleteCustomer(customerId: string): Promise<void>;
  /** every customer the provider keeps with this user id in its metadata (checkouts before one was stored included) */
  customersOf(userId: string): Promise<string[]>;
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
  /** our checkout writes the user id here and in metadata.userId */
  clientReferenceId?: string | null;
  /** when the provider created the session, epoch milliseconds */
  createdAt?: number | null;
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

const providerFailed = (message: string) => new DomainError('payment-provider-failed', message);

export function checkoutUrls(siteUrl: string): { successUrl: string; cancelUrl: string } {
  const base = siteUrl.replace(/\/+$/, '');
  return {
    successUrl: `${base}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}/pricing?${CHECKOUT_CANCELLED_PARAM.name}=${CHECKOUT_CANCELLED_PARAM.value}`,
  };
}

export async function createCheckout(
  deps: CheckoutDeps,
  caller: Caller,
  request: { packageId: string; ratingId?: string | null },
): Promise<{ url: string; sessionId: string }> {
  const pkg = findPackage(request.packageId);
  if (!pkg) throw invalidInput(API_MESSAGES.unknownPackage);
  const profile = await ensureProfile(deps, caller);
  await countUserCall(deps, caller.userId, 'checkout');
  const failed = (err: unknown) => {
    logger.error('checkout session creation failed', { userId: caller.userId, error: String(err) });
    return providerFailed(API_MESSAGES.failedToCreateCheckout);
  };

  // concurrent first checkouts all ask for the same customer: one key per user (per replaced customer, after one the
  // provider lost), so the provider makes one and hands it to all of them
  let created: string | undefined;
  const newCustomer = async (replacing?: string) => {
    try {
      created = await deps.payments.createCustomer({
        email: profile.email || caller.email || '',
        userId: caller.userId,
        idempotencyKey: `customer-${caller.userId}${replacing ? `-replacing-${replacing}` : ''}`,
      });
      return created;
    } catch (err) {
      throw failed(err);
    }
  };
  try {
    return await checkoutSession(deps, caller, request, pkg, profile.stripeCustomerId, newCustomer, failed);
  } catch (err) {
    // the account was deleted while this checkout ran: the customer it made (with the e-mail) must not outlive it
    if (isDomainError(err, 'account-deleted') && created) await forgetCustomer(deps.payments, created, caller.userId);
    throw err;
  }
}

/** The customer stored (or made and stored now), then the Checkout Session for it. */
async function checkoutSession(
  deps: CheckoutDeps,
  caller: Caller,
  request: { ratingId?: string | null },
  pkg: NonNullable<ReturnType<typeof findPackage>>,
  stored: string | null,
  newCustomer: (replacing?: string) => Promise<string>,
  failed: (err: unknown) => DomainError,
): Promise<{ url: string; sessionId: string }> {
  let customerId = stored ?? (await setStripeCustomerIfAbsent(deps, caller.userId, await newCustomer()));

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
    customerId = await newCustomer(customerId);
    await replaceStripeCustomer(deps, caller.userId, customerId);
    try {
      session = await deps.payments.createCheckoutSession(input(customerId));
    } catch (retryErr) {
      throw failed(retryErr);
    }
  }
  if (!session.url) throw providerFailed(API_MESSAGES.noCheckoutUrl);
  return { url: session.url, sessionId: session.id };
}

/** Deletes a customer made for an account deleted meanwhile; a failure is logged (the deletion's search finds it). */
async function forgetCustomer(payments: PaymentsGateway, customerId: string, userId: string): Promise<void> {
  await payments.deleteCustomer(customerId).then(
    () => logger.info('customer of an account deleted during checkout deleted', { userId, customerId }),
    (err: unknown) =>
      logger.error('customer of a deleted account not deleted', { userId, customerId, error: String(err) }),
  );
}

export const PAID_STATUSES = new Set(['paid', 'no_payment_required']);

/** A verified session and what fulfilling it did (an unrecognised payment is an error here, not an outcome). */
export type VerifiedCheckout = Exclude<FulfilOutcome, { kind: 'unrecognised' }> & { session: CheckoutSessionView };

/** The return page's check: the session must be paid and belong to the caller; then it is fulfilled (idempotent). */
export async function verifyCheckout(
  deps: CheckoutDeps,
  caller: Caller,
  sessionId: string | undefined,
): Promise<VerifiedCheckout> {
  if (!sessionId) throw invalidInput(API_MESSAGES.noSessionId);
  if (sessionId.length > 255) throw notFound(API_MESSAGES.checkoutSessionNotFound);
  let session: CheckoutSessionView | null;
  try {
    session = await deps.payments.retrieveSession(sessionId);
  } catch (err) {
    logger.error('checkout session retrieval failed', { sessionId, error: String(err) });
    throw providerFailed(API_MESSAGES.failedToVerifyPayment);
  }
  if (!session) throw notFound(API_MESSAGES.checkoutSessionNotFound);
  const status = session.payment_status;
  if (!PAID_STATUSES.has(status)) throw invalidInput(API_MESSAGES.paymentNotCompleted(status));
  const owner = session.metadata?.userId;
  if (!owner) throw invalidInput(API_MESSAGES.noUserIdInMetadata);
  if (owner !== caller.userId) throw new DomainError('forbidden', API_MESSAGES.sessionUserMismatch);
  await ensureProfile(deps, caller);
  const outcome = await fulfil(deps, paidSession(session, owner, caller.email));
  if (outcome.kind === 'unrecognised') {
    throw new DomainError('payment-unrecognised', API_MESSAGES.couldNotDetermineCredits);
  }
  return { ...outcome, session };
}

/** What fulfil reads of a session the provider sent, for the user its metadata names. */
export function paidSession(session: CheckoutSessionView, userId: string, email?: string | null): PaidSession {
  return {
    sessionId: session.id,
    userId,
    metadata: session.metadata,
    amountTotal: session.amount_total,
    email: session.customerEmail ?? email ?? null,
    currency: session.currency ?? null,
    clientReferenceId: session.clientReferenceId ?? null,
    createdAt: session.createdAt ?? null,
  };
}
