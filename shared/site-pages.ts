/**
 * The site's public pages, prerendered at build time into one HTML file each (web/prerender.ts), and the routes the
 * SPA renders in the browser from index.html. The build, its sitemap, the local preview and CloudFront's routing
 * function all read this table; test/unit/web/src/routes.test.tsx keeps it equal to the app's route table.
 */

export const SITE_NAME = 'Hairline Rater';

export interface PublicPage {
  /** the URL path; '*' for the 404 page (any path no route knows) */
  path: string;
  /** the prerendered file in dist/web */
  file: string;
  title: string;
  description: string;
  /** listed in sitemap.xml and open to search engines */
  indexed: boolean;
}

export const PUBLIC_PAGES = {
  home: {
    path: '/',
    file: 'home.html',
    title: 'Hairline Rater – AI hairline rating',
    description:
      'Upload a photo of your hairline and get an AI rating: a score from 0 to 100, six metrics, commentary and hairstyle suggestions. Compare with your friends.',
    indexed: true,
  },
  pricing: {
    path: '/pricing',
    file: 'pricing.html',
    title: 'Pricing – Hairline Rater',
    description: 'Credit packs for Hairline Rater: one credit per AI hairline analysis, added right after payment.',
    indexed: true,
  },
  accuracy: {
    path: '/accuracy',
    file: 'accuracy.html',
    title: 'How accurate is it? – Hairline Rater',
    description:
      'How well the hairline score follows the hair-loss stage on labelled photos, how stable it is, and what it is not: entertainment, not medical advice.',
    indexed: true,
  },
  privacy: {
    path: '/privacy',
    file: 'privacy.html',
    title: 'Privacy Policy – Hairline Rater',
    description: 'What Hairline Rater stores about you, why, and for how long.',
    indexed: true,
  },
  terms: {
    path: '/terms',
    file: 'terms.html',
    title: 'Terms of Service – Hairline Rater',
    description: 'The terms for using Hairline Rater: an AI hairline rating for entertainment, for adults 18 and over.',
    indexed: true,
  },
  auth: {
    path: '/auth',
    file: 'auth.html',
    title: 'Sign up or log in – Hairline Rater',
    description: 'Create a Hairline Rater account or log in to rate your hairline.',
    indexed: true,
  },
  notFound: {
    path: '*',
    file: '404.html',
    title: 'Page not found – Hairline Rater',
    description: 'The page you are looking for does not exist.',
    indexed: false,
  },
} as const satisfies Record<string, PublicPage>;

export type PublicPageId = keyof typeof PUBLIC_PAGES;
export const PUBLIC_PAGE_LIST: readonly (PublicPage & { id: PublicPageId })[] = Object.entries(PUBLIC_PAGES).map(
  ([id, page]) => ({
    ...page,
    id: id as PublicPageId,
  }),
);

/** The title of pages that have none of their own (the SPA shell, index.html). */
export const DEFAULT_TITLE = PUBLIC_PAGES.home.title;

/** Routes rendered in the browser only (signed-in or per-visitor content): CloudFront and the preview serve index.html. */
export const APP_ROUTES = [
  '/checkout',
  '/checkout/:packageId',
  '/checkout-success',
  '/history',
  '/history/:id',
  '/r/:shareId',
  '/compare',
  // the reminder e-mails' unsubscribe link (a token per visitor, nothing to prerender)
  '/unsubscribe',
] as const;

/**
 * Canonical and Open Graph URLs need the public origin, which a CloudFront deployment learns only when it is
 * created. A build without SITE_ORIGIN writes this placeholder; the deployment (infra/constructs/site.ts) and the
 * local preview (web/prerender.ts) replace it with the real origin.
 */
export const SITE_ORIGIN_PLACEHOLDER = 'https://site-origin.invalid';

export interface SiteRouting {
  /** prerendered path → file */
  pages: Record<string, string>;
  appRoutes: readonly string[];
  notFoundFile: string;
}

export const SITE_ROUTING: SiteRouting = {
  pages: Object.fromEntries(PUBLIC_PAGE_LIST.filter((p) => p.path !== '*').map((p) => [p.path, p.file])),
  appRoutes: APP_ROUTES,
  notFoundFile: PUBLIC_PAGES.notFound.file,
};

/**
 * The file that answers a request: a prerendered page, index.html for the app's own routes, 404.html for paths no
 * route knows; a path whose last segment has a dot is a file and stays as it is. Runs in CloudFront Functions
 * (infra/constructs/site.ts copies its source there): keep it self-contained ES5.
 */
export function siteFileFor(uri: string, routing: SiteRouting): string {
  if (uri.lastIndexOf('.') > uri.lastIndexOf('/')) return uri;
  // the router matches paths case-insensitively and ignores a trailing slash
  const path = uri.replace(/\/+$/, '').toLowerCase() || '/';
  if (Object.prototype.hasOwnProperty.call(routing.pages, path)) return '/' + routing.pages[path];
  const parts = path.split('/');
  for (let i = 0; i < routing.appRoutes.length; i++) {
    const pattern = routing.appRoutes[i]!.split('/');
    if (pattern.length !== parts.length) continue;
    let same = true;
    for (let j = 0; j < pattern.length && same; j++) {
      same = pattern[j]!.charAt(0) === ':' ? parts[j] !== '' : pattern[j] === parts[j];
    }
    if (same) return '/index.html';
  }
  return '/' + routing.notFoundFile;
}
