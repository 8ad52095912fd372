/**
 * The route table (shared/routes.ts): every route of the product once, each at a handler, auth where it belongs, and
 * docs/api.md describing exactly its routes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findRoute, matchRoutePath, pathIsKnown, ROUTE_LIST, ROUTES } from '#shared/routes.ts';

describe('route table', () => {
  it('lists every route of the product once: /api and the /r/ share pages', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(keys.sort()).toEqual([
      'DELETE /api/me',
      'DELETE /api/me/reminder',
      'DELETE /api/ratings/{id}',
      'DELETE /api/ratings/{id}/share',
      'GET /api/me',
      'GET /api/me/export',
      'GET /api/me/reminder',
      'GET /api/packages',
      'GET /api/ratings',
      'GET /api/ratings/{id}',
      'GET /api/shares/{shareId}',
      'GET /api/shares/{shareId}/card.png',
      'GET /api/verify-checkout-session',
      'GET /r/{shareId}',
      'PATCH /api/me',
      'PATCH /api/ratings/{id}',
      'POST /api/analyze-hairline',
      'POST /api/create-checkout-session',
      'POST /api/me/reminder',
      'POST /api/ratings/{id}/share',
      'POST /api/reminders/unsubscribe',
      'POST /api/stripe-webhook',
      'POST /api/upload',
    ]);
  });

  it('points every route at an existing handler module', () => {
    for (const route of ROUTES) expect(existsSync(route.handler), route.handler).toBe(true);
  });

  it('protects exactly the signed-in routes', () => {
    const open = ROUTES.filter((r) => !r.auth)
      .map((r) => r.name)
      .sort();
    expect(open).toEqual([
      'getShare',
      'packages',
      'shareCard',
      'sharePage',
      'stripeWebhook',
      'unsubscribeReminders',
      'upload',
    ]);
  });

  it('matches path parameters and rejects near misses', () => {
    expect(matchRoutePath('/api/ratings/{id}', '/api/ratings/abc%20d')).toEqual({ id: 'abc d' });
    expect(matchRoutePath('/api/ratings/{id}', '/api/ratings/')).toBeNull();
    expect(matchRoutePath('/api/ratings/{id}', '/api/ratings/a/b')).toBeNull();
    expect(findRoute('GET', '/api/ratings/42')?.route.name).toBe('getRating');
    expect(findRoute('PATCH', '/api/me')?.route.name).toBe('patchMe');
    expect(findRoute('PUT', '/api/me')).toBeUndefined();
    expect(pathIsKnown('/api/me')).toBe(true);
    expect(pathIsKnown('/api/nope')).toBe(false);
    expect(findRoute('DELETE', '/api/ratings/42')?.route.name).toBe('deleteRating');
    expect(findRoute('POST', '/api/ratings/42/share')?.route.name).toBe('createShare');
    expect(findRoute('DELETE', '/api/ratings/42/share')?.route.name).toBe('deleteShare');
    expect(findRoute('GET', '/api/shares/abc')?.route.name).toBe('getShare');
    expect(findRoute('GET', '/api/shares/abc/card.png')).toMatchObject({
      route: { name: 'shareCard' },
      params: { shareId: 'abc' },
    });
    expect(findRoute('GET', '/api/me/export')?.route.name).toBe('exportMe');
    expect(findRoute('GET', '/r/abc')).toMatchObject({ route: { name: 'sharePage' }, params: { shareId: 'abc' } });
    expect(findRoute('GET', '/results/abc')).toBeUndefined();
  });
});

const docs = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');

/** "## GET /api/ratings?limit=&cursor=" → "GET /api/ratings" (the query is the route's, not its path). */
function routeHeadings(markdown: string): string[] {
  return [...markdown.matchAll(/^#{2,3} (GET|POST|PATCH|DELETE) (\S+)/gm)].map(
    ([, method, target]) => `${method} ${target!.split('?')[0]}`,
  );
}

describe('docs/api.md and the route table', () => {
  const table = ROUTE_LIST.map((r) => `${r.method} ${r.path}`);
  const headings = routeHeadings(docs);

  it('every route heading names a table entry', () => {
    expect(headings.filter((h) => !table.includes(h))).toEqual([]);
  });

  it('every table entry has its heading, once', () => {
    expect(table.filter((r) => !headings.includes(r))).toEqual([]);
    expect(headings.filter((h, i) => headings.indexOf(h) !== i)).toEqual([]);
  });

  it('reads a heading with a query as its route', () => {
    expect(routeHeadings('## GET /api/ratings?limit=&cursor=\n### POST /api/x\n# GET /no')).toEqual([
      'GET /api/ratings',
      'POST /api/x',
    ]);
  });
});
