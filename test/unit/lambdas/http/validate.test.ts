/**
 * Property-based tests of the request parsers the handlers share: whatever a client sends as a query string or a JSON
 * body, the parsers answer with a value or a typed error (HttpError or DomainError) that is a clear 4xx, never anything
 * else.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { buildEvent } from '#infra/local/gateway-event.ts';
import { DomainError } from '#lambdas/domain/errors.ts';
import { HttpError } from '#lambdas/http/errors.ts';
import { toErrorResponse } from '#lambdas/http/response.ts';
import { jsonBody } from '#lambdas/http/body.ts';
import { parseWith } from '#lambdas/http/validate.ts';
import { decodeCursor, MAX_PAGE_SIZE, parseLimit } from '#lambdas/domain/rating-cursors.ts';
import { CreateCheckoutRequestSchema, ProfilePatchSchema, ShareRequestSchema } from '#shared/schemas.ts';
import { ROUTE } from '#shared/routes.ts';

const listRoute = ROUTE.listRatings;

/** Runs fn; a thrown error must be a typed one that answers 4xx. */
function typedOrValue(fn: () => unknown) {
  try {
    return fn();
  } catch (error) {
    expect(error instanceof HttpError || error instanceof DomainError).toBe(true);
    expect(toErrorResponse(error).statusCode).toBeGreaterThanOrEqual(400);
    expect(toErrorResponse(error).statusCode).toBeLessThan(500);
    expect((error as Error).message.length).toBeGreaterThan(0);
    return undefined;
  }
}

function eventForQuery(query: string) {
  const req = new IncomingMessage(new Socket());
  req.headers = {};
  let url: URL;
  try {
    url = new URL(`http://h/api/ratings?${query}`);
  } catch {
    return undefined;
  }
  return buildEvent({ req, url, route: listRoute, pathParameters: {}, body: Buffer.alloc(0) });
}

describe('query strings', () => {
  it('limit and cursor from any query string: a page size within bounds or a 400', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (query) => {
        const event = eventForQuery(query);
        if (!event) return;
        // the route's contract reads the query first, as the handler's wrapper does
        const parsed = typedOrValue(() => parseWith(listRoute.query, event.queryStringParameters ?? {})) as
          { limit?: string; cursor?: string } | undefined;
        if (!parsed) return;
        const limit = typedOrValue(() => parseLimit(parsed.limit));
        if (limit !== undefined) {
          expect(limit).toBeGreaterThanOrEqual(1);
          expect(limit).toBeLessThanOrEqual(MAX_PAGE_SIZE);
        }
        const { cursor } = parsed;
        if (cursor !== undefined) typedOrValue(() => decodeCursor(cursor, 'user-1'));
      }),
      { numRuns: 500 },
    );
  });

  it('any limit value is a bounded integer or a 400', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer().map(String), fc.double().map(String)), (raw) => {
        const limit = typedOrValue(() => parseLimit(raw));
        if (limit !== undefined) expect(Number.isInteger(limit)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('JSON bodies', () => {
  const bodies = fc.oneof(
    fc.json().map((text) => ({ text, base64: false })),
    fc.string({ unit: 'binary', maxLength: 300 }).map((text) => ({ text, base64: false })),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ text: Buffer.from(bytes).toString('base64'), base64: true })),
  );

  it('each schema the API validates answers with a value or a 400, for any body', () => {
    fc.assert(
      fc.property(
        bodies,
        fc.constantFrom('application/json', 'application/json; charset=utf-8', undefined),
        ({ text, base64 }, type) => {
          const event = { body: text, isBase64Encoded: base64, headers: type ? { 'content-type': type } : {} };
          const value = typedOrValue(() => jsonBody(event as never));
          if (value === undefined) return;
          for (const schema of [ProfilePatchSchema, CreateCheckoutRequestSchema, ShareRequestSchema])
            typedOrValue(() => parseWith(schema, value));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('structured near-miss objects never slip through as something else', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('packageId', 'ratingId', 'username', 'bio', '__proto__', 'constructor'),
          fc.anything(),
        ),
        (object) => {
          const parsed = typedOrValue(() => parseWith(CreateCheckoutRequestSchema, object)) as
            { packageId?: unknown } | undefined;
          if (parsed) expect(typeof parsed.packageId).toBe('string');
        },
      ),
      { numRuns: 500 },
    );
  });
});
