import { vi } from 'vitest';
import type { SharedRating } from '#shared/schemas.ts';

export type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** Answers the app's fetches with `handler` (the runtime config is absent in unit tests) and records every API call. */
export function stubApi(handler: Handler) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/runtime-config.json')) return new Response('{}', { status: 404 });
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
  return calls;
}

/** The API calls `stubApi` recorded, as method, path and JSON body (left out when there is none). */
export const requestsOf = (calls: { url: string; init?: RequestInit }[]) =>
  calls.map(({ url, init }) => ({
    url,
    method: init?.method ?? 'GET',
    ...(typeof init?.body === 'string' ? { body: JSON.parse(init.body) as unknown } : {}),
  }));

/** Serves GET /api/shares/:id from `shares` (404 with the API's message for any other id). */
export function serveShares(shares: Record<string, SharedRating>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const m = /\/api\/shares\/([^/?]+)$/.exec(String(input));
      const found = m ? shares[decodeURIComponent(m[1]!)] : undefined;
      return found ? Response.json(found) : Response.json({ message: 'Share not found' }, { status: 404 });
    }),
  );
}
