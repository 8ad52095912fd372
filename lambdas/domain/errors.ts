/**
 * The domain's own errors: what went wrong, in the domain's words. The domain never names an HTTP status; the one table
 * in lambdas/http/errors.ts maps each code to the status the API answers with.
 */
import { API_MESSAGES } from './messages.ts';

export type DomainErrorCode =
  /** a request value the domain cannot use (a malformed cursor, limit or id, an unknown package) */
  | 'invalid-input'
  /** the caller's account has been deleted; their still-valid token must not bring it back */
  | 'account-deleted'
  /** no credit left to reserve for an analysis */
  | 'insufficient-credits'
  /** the caller may not act on this (another user's checkout session) */
  | 'forbidden'
  /** unknown, expired, revoked or someone else's: the same answer */
  | 'not-found'
  /** the analysis outlived its reservation, which was refunded meanwhile; nothing was stored */
  | 'reservation-lost'
  /** the analysis engine (or the pixel guard) refused the photo; `details.code` says why */
  | 'photo-refused'
  /** a paid session that is not what our checkout sells: nothing can be credited for it */
  | 'payment-unrecognised'
  /** another analysis of this user is in flight */
  | 'analysis-in-flight'
  /** a per-client or per-user counter is over its limit */
  | 'rate-limited'
  /** the payment provider failed or answered nonsense */
  | 'payment-provider-failed'
  /** the analysis cannot run here (a model file is missing): refused before any credit is reserved */
  | 'analysis-unavailable';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const isDomainError = (err: unknown, code?: DomainErrorCode): err is DomainError =>
  err instanceof DomainError && (code === undefined || err.code === code);

export const invalidInput = (message: string) => new DomainError('invalid-input', message);
export const notFound = (message: string) => new DomainError('not-found', message);
export const rateLimited = (message: string) => new DomainError('rate-limited', message);
export const accountDeleted = () => new DomainError('account-deleted', API_MESSAGES.accountDeleted);
export const analysisUnavailable = () => new DomainError('analysis-unavailable', API_MESSAGES.analysisModelsMissing);
/**
 * `code` is the refusal's machine-readable reason (`too_dark`, `face_cut_off`, `too_many_pixels`, …); `photo` which of
 * the Analyze port's photos it is about (analyze.ts names it in the message of a two-photo request)
 */
export const photoRefused = (message: string, code: string, photo?: 'face' | 'crown') =>
  new DomainError('photo-refused', message, { code, ...(photo ? { photo } : {}) });
