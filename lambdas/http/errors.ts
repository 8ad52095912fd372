/**
 * Errors and the statuses they answer with. The http layer's own refusals (a body that is not JSON, a file too large,
 * no verified token) are HttpErrors carrying their status. The domain throws DomainErrors (lambdas/domain/errors.ts),
 * which know no HTTP: DOMAIN_ERROR_STATUS below is the one place their codes become statuses; `toErrorResponse`
 * (response.ts) answers both with `{ message, details? }`.
 */
import type { DomainErrorCode } from '../domain/errors.ts';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, message, details);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);

/** Every domain error code and its status; the message is the error's own. */
export const DOMAIN_ERROR_STATUS: Readonly<Record<DomainErrorCode, number>> = {
  'invalid-input': 400,
  'account-deleted': 401,
  'insufficient-credits': 402,
  forbidden: 403,
  'not-found': 404,
  'reservation-lost': 409,
  'photo-refused': 422,
  'payment-unrecognised': 422,
  'analysis-in-flight': 429,
  'rate-limited': 429,
  'payment-provider-failed': 502,
  'analysis-unavailable': 503,
};
