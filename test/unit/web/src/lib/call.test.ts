/** The web app's one API call (web/src/lib/call.ts): the URL from the route table, the body, the answer parsed. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE } from '#shared/routes.ts';
import { ApiError } from '#web/lib/api.ts';
import { call, callIfSignedIn, routePath } from '#web/lib/call.ts';
import { stubApi } from '#test/unit/web/support/stub-api.ts';

afterEach(() => vi.unstubAllGlobals());

describe('routePath', () => {
  it('fills the path parameters (encoded) and the query, leaving out what is undefined', () => {
    expect(routePath(ROUTE.createShare, { params: { id: 'a/b c' } })).toBe('/api/ratings/a%2Fb%20c/share');
    expect(routePath(ROUTE.listRatings, { query: { limit: '12', cursor: undefined } })).toBe('/api/ratings?limit=12');
  });

  it('refuses a route whose parameter is missing', () => {
    expect(() => routePath(ROUTE.getRating, {})).toThrow('getRating: no value for {id}');
  });
});

describe('call', () => {
  it("sends the route's method and JSON body, and answers the parsed JSON", async () => {
    const calls = stubApi(() => Response.json({ shareId: 's', url: 'u', anonymous: true, includePhoto: false }));
    const share = await call(ROUTE.createShare, { params: { id: 'r1' }, body: { anonymous: true } });
    expect(share).toEqual({ shareId: 's', url: 'u', anonymous: true, includePhoto: false });
    expect(calls[0]!.url).toMatch(/\/api\/ratings\/r1\/share$/);
    expect(calls[0]!.init?.method).toBe('POST');
    expect(new Headers(calls[0]!.init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ anonymous: true });
  });

  it('rejects an answer that does not fit the route’s schema', async () => {
    stubApi(() => Response.json({ shareId: 's' }));
    await expect(call(ROUTE.createShare, { params: { id: 'r1' }, body: {} })).rejects.toThrow();
  });

  it('answers nothing for an empty (204) route and throws ApiError on a failure', async () => {
    stubApi(() => new Response(null, { status: 204 }));
    await expect(call(ROUTE.deleteRating, { params: { id: 'r1' } })).resolves.toBeUndefined();
    stubApi(() => Response.json({ message: 'Rating not found' }, { status: 404 }));
    await expect(call(ROUTE.deleteRating, { params: { id: 'r1' } })).rejects.toBeInstanceOf(ApiError);
  });

  it('callIfSignedIn answers null for a 401, and throws other failures', async () => {
    stubApi(() => Response.json({ message: 'Unauthorized' }, { status: 401 }));
    await expect(callIfSignedIn(ROUTE.getReminder, {})).resolves.toBeNull();
    stubApi(() => Response.json({ message: 'boom' }, { status: 500 }));
    await expect(callIfSignedIn(ROUTE.getReminder, {})).rejects.toBeInstanceOf(ApiError);
  });
});
