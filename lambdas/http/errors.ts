/** Typed errors that handlers throw and `toResponse` maps to a status; domain code throws these, never builds responses. */
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
export const paymentRequired = (message: string) => new HttpError(402, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const unprocessable = (message: string, details?: unknown) => new HttpError(422, message, details);
export const tooManyRequests = (message: string) => new HttpError(429, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const badGateway = (message: string) => new HttpError(502, message);
