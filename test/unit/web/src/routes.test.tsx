/** The public pages table (shared/site-pages.ts) against the app's routes, and the routing every server applies. */
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, PUBLIC_PAGES, PUBLIC_PAGE_LIST, SITE_ROUTING, siteFileFor } from '#shared/site-pages.ts';
import { publicPageOf } from '#web/lib/public-page.ts';
import { appRoutes } from '#web/routes.tsx';

function routePaths(routes: RouteObject[], parent = ''): { path: string; page: string | undefined }[] {
  return routes.flatMap((route) => {
    const path = route.index
      ? parent || '/'
      : route.path === undefined
        ? parent
        : route.path === '*'
          ? '*'
          : `${parent}/${route.path}`;
    const self = route.index || route.path !== undefined ? [{ path, page: publicPageOf(route) }] : [];
    return [...self, ...routePaths(route.children ?? [], path === '/' ? '' : path)];
  });
}

describe('public pages and app routes', () => {
  const routes = routePaths(appRoutes);

  it('every route of the app is either a prerendered public page (with its handle) or a browser-only route', () => {
    for (const { path, page } of routes) {
      const publicPage = PUBLIC_PAGE_LIST.find((p) => p.path === path);
      if (publicPage) expect(page, `${path} carries handle page('${publicPage.id}')`).toBe(publicPage.id);
      else
        expect(
          APP_ROUTES as readonly string[],
          `${path}: add it to APP_ROUTES or PUBLIC_PAGES (shared/site-pages.ts)`,
        ).toContain(path);
    }
  });

  it('every public page and browser-only route exists in the app', () => {
    const paths = routes.map((r) => r.path);
    for (const page of PUBLIC_PAGE_LIST) expect(paths).toContain(page.path);
    for (const route of APP_ROUTES) expect(paths).toContain(route);
  });

  it('each page has its own file, title and description', () => {
    for (const key of ['file', 'title', 'description'] as const) {
      expect(new Set(PUBLIC_PAGE_LIST.map((p) => p[key])).size, key).toBe(PUBLIC_PAGE_LIST.length);
    }
    expect(PUBLIC_PAGE_LIST.map((p) => p.file)).not.toContain('index.html');
  });
});

describe('siteFileFor (CloudFront function and local preview)', () => {
  const fileFor = (uri: string) => siteFileFor(uri, SITE_ROUTING);

  it('serves the prerendered file of each public page, with or without a trailing slash', () => {
    expect(fileFor('/')).toBe(`/${PUBLIC_PAGES.home.file}`);
    expect(fileFor('/pricing')).toBe('/pricing.html');
    expect(fileFor('/pricing/')).toBe('/pricing.html');
    expect(fileFor('/Accuracy')).toBe('/accuracy.html');
    expect(fileFor('/terms')).toBe('/terms.html');
  });

  it('serves index.html for browser-only routes and the 404 page for any other path', () => {
    for (const uri of [
      '/history',
      '/history/abc123',
      '/checkout',
      '/checkout/10-ratings',
      '/checkout-success',
      '/compare',
      '/unsubscribe',
      '/r/q3Vx9kLm2Pz8RtY4wN6bJA',
    ]) {
      expect(fileFor(uri), uri).toBe('/index.html');
    }
    for (const uri of ['/results/abc123', '/history/a/b', '/pricing/extra', '/no/such/page'])
      expect(fileFor(uri), uri).toBe('/404.html');
  });

  it('leaves files alone', () => {
    for (const uri of [
      '/assets/index-3f9a1c.js',
      '/runtime-config.json',
      '/robots.txt',
      '/sitemap.xml',
      '/pricing.html',
      '/404.html',
    ]) {
      expect(fileFor(uri)).toBe(uri);
    }
  });
});
