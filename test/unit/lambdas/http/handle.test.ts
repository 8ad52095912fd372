/**
 * The one wrapper of a route's handler (lambdas/http/handle.ts), over the memory stores: the caller and the live
 * profile before anything else, the contract's parsing, and the answer as the contract declares it.
 */
import { describe, expect, it } from 'vitest';
import { ROUTE } from '#shared/routes.ts';
import { handle, reply } from '#lambdas/http/handle.ts';
import { originPolicy } from '#lambdas/http/origin-verify.ts';
import { memoryDb } from '#test/support/memory-stores/index.ts';
import { event } from '#test/support/lambda-event.ts';

const open = originPolicy({});
const signedIn = (sub: string) =>
  ({
    ...event().requestContext,
    authorizer: { jwt: { claims: { sub, token_use: 'id', email: `${sub}@example.com` }, scopes: [] } },
  }) as never;
const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('handle(route, deps, fn)', () => {
  it('gives the function the caller, their ensured profile, the parsed params and body', async () => {
    const db = memoryDb();
    const seen: unknown[] = [];
    const h = handle(
      ROUTE.createShare,
      { db: () => db },
      async ({ caller, profile, params, body }) => {
        seen.push(caller.userId, profile.userId, params.id, body);
        return reply(201, { shareId: 's', url: 'u', anonymous: true, includePhoto: false });
      },
      open,
    );
    const res = await h(
      event({ ...json({ anonymous: true }), pathParameters: { id: 'r1' }, requestContext: signedIn('u1') }),
    );
    expect(res.statusCode).toBe(201);
    expect(seen).toEqual(['u1', 'u1', 'r1', { anonymous: true }]);
    expect(await db.users.get('u1')).toBeDefined();
  });

  it('refuses a deleted account (401) before judging the request: an invalid body is not even read', async () => {
    const db = memoryDb();
    const h = handle(ROUTE.patchMe, { db: () => db }, async () => Promise.reject(new Error('not reached')), open);
    await h(event({ ...json({}), requestContext: signedIn('u2') }));
    await db.users.markDeleted('u2', new Date().toISOString());
    const res = await h(event({ ...json({ username: 7 }), requestContext: signedIn('u2') }));
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 for a body the schema refuses, 404 for a path parameter it refuses, 204 for an empty route', async () => {
    const db = memoryDb();
    const patch = handle(ROUTE.patchMe, { db: () => db }, async () => Promise.reject(new Error('not reached')), open);
    expect((await patch(event({ ...json({ username: 7 }), requestContext: signedIn('u3') }))).statusCode).toBe(400);
    const del = handle(ROUTE.deleteRating, { db: () => db }, async () => {}, open);
    expect((await del(event({ pathParameters: { id: '' }, requestContext: signedIn('u3') }))).statusCode).toBe(404);
    const done = await del(event({ pathParameters: { id: 'r1' }, requestContext: signedIn('u3') }));
    expect(done).toMatchObject({ statusCode: 204, body: '' });
  });

  it('answers 401 on an auth route without a verified ID token', async () => {
    const h = handle(ROUTE.getMe, { db: () => memoryDb() }, async () => Promise.reject(new Error('not reached')), open);
    const res = await h(event({ requestContext: { ...event().requestContext, authorizer: undefined } as never }));
    expect(res.statusCode).toBe(401);
  });
});
