import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { findRoute, matchRoutePath, pathIsKnown, ROUTES } from '../../../shared/routes.ts';

describe('route table', () => {
  it('lists every /api route of the product once', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual([
      'DELETE /api/me', 'GET /api/me', 'GET /api/packages', 'GET /api/ratings', 'GET /api/ratings/{id}',
      'GET /api/verify-checkout-session', 'PATCH /api/me', 'POST /api/analyze-hairline',
      'POST /api/create-checkout-session', 'POST /api/stripe-webhook', 'POST /api/upload',
    ]);
  });

  it('points every route at an existing handler module', () => {
    for (const route of ROUTES) expect(existsSync(route.handler), route.handler).toBe(true);
  });

  it('protects exactly the signed-in routes', () => {
    const open = ROUTES.filter((r) => !r.auth).map((r) => r.name).sort();
    expect(open).toEqual(['packages', 'stripeWebhook', 'upload']);
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
  });
});
