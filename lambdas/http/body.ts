/** Request bodies: the exact raw bytes (base64-decoded when API Gateway says so) and JSON. */
import type { ApiEvent } from './types.ts';
import { badRequest, unsupportedMediaType } from './errors.ts';

export function header(event: Pick<ApiEvent, 'headers'>, name: string): string | undefined {
  const headers = event.headers ?? {};
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === want && v !== undefined) return v;
  return undefined;
}

/** The exact bytes the client sent. */
export function rawBody(event: Pick<ApiEvent, 'body' | 'isBase64Encoded'>): Buffer {
  if (event.body === undefined || event.body === null) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Parses a JSON body; an empty body is `{}`; anything that is not JSON is a 400 (or 415 for a declared non-JSON type). */
export function jsonBody(event: Pick<ApiEvent, 'body' | 'isBase64Encoded' | 'headers'>): unknown {
  const type = mediaType(header(event, 'content-type'));
  if (type && type !== 'application/json' && !type.endsWith('+json')) {
    throw unsupportedMediaType('Request body must be JSON (content-type: application/json)');
  }
  const text = rawBody(event).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('Request body is not valid JSON');
  }
}
