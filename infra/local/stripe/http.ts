/** Plumbing shared by the emulator's routes: auth, bodies, responses. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from './api.ts';
import { FormError, parseForm, type FormObject } from './form.ts';
import { newId } from './store.ts';

const MAX_BODY = 1024 * 1024;

export function checkAuth(header: string | undefined): void {
  const bearer = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header ?? '')?.[1];
  const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined);
  if (!key) {
    throw new ApiError(401, 'You did not provide an API key. Provide it as `Authorization: Bearer sk_test_...`.');
  }
  if (!key.startsWith('sk_test_')) {
    throw new ApiError(
      401,
      `Invalid API Key provided: the local emulator accepts only test keys (sk_test_...).`,
      undefined,
      'api_key_invalid',
    );
  }
}

export function parseBody(req: IncomingMessage, body: string): FormObject {
  if (!body) return {};
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    try {
      return JSON.parse(body) as FormObject;
    } catch {
      throw new FormError('Invalid JSON body');
    }
  }
  return parseForm(body);
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new ApiError(413, 'Request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req_', 14), ...headers });
  res.end(JSON.stringify(body, null, 2));
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(html);
}
