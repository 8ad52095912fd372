/**
 * Build-time prerendering of the public pages (shared/site-pages.ts), the local preview's routing, and the check of
 * the accuracy figures the /accuracy page shows. Used by vite.config.ts.
 *
 * After the client build, a second (SSR) build of src/server-entry.tsx renders each public page with React's server
 * renderer into its own HTML file beside index.html; the browser hydrates it (src/lib/mount.tsx). index.html itself
 * becomes the shell of the browser-only routes: the layout with a spinner.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { AccuracySummarySchema } from '#shared/accuracy.ts';
import {
  PUBLIC_PAGE_LIST,
  SITE_NAME,
  SITE_ORIGIN_PLACEHOLDER,
  SITE_ROUTING,
  siteFileFor,
  type PublicPage,
} from '#shared/site-pages.ts';

const SERVER_ENTRY = fileURLToPath(new URL('./src/server-entry.tsx', import.meta.url));
export const ACCURACY_SUMMARY_FILE = fileURLToPath(new URL('../shared/accuracy-summary.json', import.meta.url));
/** inside the repository, so the SSR bundle's bare imports (react, react-router) resolve from node_modules */
const SSR_CACHE_DIR = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));
const ROOT_ELEMENT = '<div id="root"></div>';

interface ServerEntry {
  renderPage(path: string): Promise<string>;
  renderShell(): Promise<string>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page's own title, description, canonical URL and Open Graph / Twitter tags. */
export function pageHead(page: PublicPage, origin: string): string {
  const url = `${origin}${page.path === '*' ? '/404' : page.path}`;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    ...(page.indexed ? [`<link rel="canonical" href="${escapeHtml(url)}" />`] : [meta('name', 'robots', 'noindex')]),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    ...(page.indexed ? [meta('property', 'og:url', url)] : []),
    meta('property', 'og:image', `${origin}/apple-touch-icon.png`),
    meta('name', 'twitter:card', 'summary'),
  ].join('\n    ');
}

/** index.html (the client build's) with a page's head and body; `pageId` marks the root for hydration. */
export function fillTemplate(template: string, rendered: string, head?: string, pageId?: string): string {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html must contain ${ROOT_ELEMENT}`);
  // React puts resource hints (an <img>'s preload) before the markup: they belong in <head>, outside the hydrated root
  const hints = /^(?:<link [^>]*\/>)*/.exec(rendered)![0];
  const body = rendered.slice(hints.length);
  if (/<script/i.test(body)) throw new Error('prerendered markup must not hold scripts (the CSP forbids inline ones)');
  let html = template.replace(ROOT_ELEMENT, `<div id="root"${pageId ? ` data-page="${pageId}"` : ''}>${body}</div>`);
  if (pageId) {
    // a prerendered page paints without its scripts: they are fetched after the first paint (src/main.tsx), so
    // preloading them would only compete with the page's own bytes
    html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  }
  if (head) {
    html = html.replace(/<title>[^<]*<\/title>\s*<meta name="description"[^>]*>/, head);
    if (!html.includes(head)) throw new Error('index.html must hold <title> followed by <meta name="description">');
  }
  return html.replace('</head>', `${hints}</head>`);
}

export function sitemap(origin: string): string {
  const urls = PUBLIC_PAGE_LIST.filter((p) => p.indexed).map(
    (p) => `  <url><loc>${escapeHtml(`${origin}${p.path}`)}</loc></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/** The figures of /accuracy must match the eval's contract; a broken file fails the build (and the dev server). */
export function checkAccuracySummary(file = ACCURACY_SUMMARY_FILE): void {
  const parsed = AccuracySummarySchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`${file} does not match AccuracySummarySchema (shared/accuracy.ts): ${problems}`);
  }
}

export function accuracySummary(): Plugin {
  return {
    name: 'accuracy-summary',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] === ACCURACY_SUMMARY_FILE) checkAccuracySummary();
      return null;
    },
  };
}

async function prerenderInto(config: ResolvedConfig): Promise<void> {
  const outDir = config.build.outDir;
  const origin = (process.env.SITE_ORIGIN ?? SITE_ORIGIN_PLACEHOLDER).replace(/\/+$/, '');
  // a fresh folder per build: Node caches imported modules by URL, and the chunks import the entry by URL
  const ssrDir = join(SSR_CACHE_DIR, `hairline-prerender-${process.pid}-${Date.now()}`);
  await build({
    configFile: config.configFile,
    mode: config.mode,
    logLevel: 'warn',
    build: { ssr: SERVER_ENTRY, outDir: ssrDir, emptyOutDir: true, copyPublicDir: false, minify: false },
  });
  try {
    const entry = (await import(pathToFileURL(join(ssrDir, 'server-entry.js')).href)) as ServerEntry;
    const template = await readFile(join(outDir, 'index.html'), 'utf8');
    for (const page of PUBLIC_PAGE_LIST) {
      const body = await entry.renderPage(page.path === '*' ? '/404' : page.path);
      await writeFile(join(outDir, page.file), fillTemplate(template, body, pageHead(page, origin), page.id));
    }
    await writeFile(join(outDir, 'index.html'), fillTemplate(template, await entry.renderShell()));
    await writeFile(join(outDir, 'sitemap.xml'), sitemap(origin));
    await writeFile(join(outDir, 'robots.txt'), robotsTxt(origin));
    config.logger.info(`prerendered ${PUBLIC_PAGE_LIST.map((p) => p.file).join(', ')}, sitemap.xml, robots.txt`);
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-public-pages',
    apply: (c, env) => env.command === 'build' && !c.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error?: Error) {
      if (error) return;
      await mkdir(config.build.outDir, { recursive: true });
      await prerenderInto(config);
    },
  };
}

/**
 * `vite preview`: each public page from its prerendered file (404.html, with status 404, for paths no route knows),
 * like CloudFront's routing function; the browser-only routes fall through to Vite's index.html. The origin
 * placeholder becomes the preview's own origin.
 */
export function previewRouting(skip: RegExp): Plugin {
  let outDir: string;
  const serve = async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const pathname = new URL(req.url ?? '/', 'http://preview.invalid').pathname;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || skip.test(pathname)) return next();
    const file = siteFileFor(pathname, SITE_ROUTING);
    if (file === '/index.html' || (file === pathname && !/\.(html|xml|txt)$/.test(file))) return next();
    const path = resolve(outDir, `.${decodeURIComponent(file)}`);
    if (!path.startsWith(`${outDir}${sep}`)) return next();
    let body: string;
    try {
      body = await readFile(path, 'utf8');
    } catch {
      return next();
    }
    body = body.replaceAll(SITE_ORIGIN_PLACEHOLDER, `http://${req.headers.host}`);
    res.statusCode = file === `/${SITE_ROUTING.notFoundFile}` ? 404 : 200;
    const type = file.endsWith('.xml') ? 'application/xml' : file.endsWith('.txt') ? 'text/plain' : 'text/html';
    res.setHeader('content-type', `${type}; charset=utf-8`);
    res.setHeader('cache-control', 'no-cache');
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  return {
    name: 'preview-routing',
    configResolved(resolved) {
      outDir = resolved.build.outDir;
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => void serve(req, res, next));
    },
  };
}
