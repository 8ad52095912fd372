/** The client's own id for one call (`X-Client-Request-Id`), so it can find the call's result after losing the answer. */
import { CLIENT_REQUEST_ID_HEADER, CLIENT_REQUEST_ID_PATTERN } from '#shared/client-request-id.ts';
import { API_MESSAGES } from '../domain/messages.ts';
import { header } from './body.ts';
import { badRequest } from './errors.ts';
import type { ApiEvent } from './types.ts';

/** The header's value, undefined when absent; a malformed one is a 400. */
export function clientRequestIdOf(event: Pick<ApiEvent, 'headers'>): string | undefined {
  const value = header(event, CLIENT_REQUEST_ID_HEADER);
  if (value === undefined || value === '') return undefined;
  if (!CLIENT_REQUEST_ID_PATTERN.test(value)) throw badRequest(API_MESSAGES.invalidClientRequestId);
  return value;
}
