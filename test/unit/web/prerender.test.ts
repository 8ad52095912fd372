/** The build's prerender step (web/prerender.ts): page heads, template filling, sitemap, and the accuracy file check. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '#shared/site-pages.ts';
import {
  ACCURACY_SUMMARY_FILE,
  checkAccuracySummary,
  fillTemplate,
  pageHead,
  robotsTxt,
  sitemap,
} from '#web-build/prerender.ts';

const TEMPLATE = `<!doctype html><html><head>
<title>Default</title>
    <meta name="description" content="default" />
<script type="module" src="/assets/index.js"></script>
<link rel="modulepreload" crossorigin href="/assets/client.js">
</head><body><div id="root"></div></body></html>`;

describe('pageHead', () => {
  it('gives an indexed page its title, description, canonical URL and Open Graph tags, escaped', () => {
    const head = pageHead({ ...PUBLIC_PAGES.pricing, title: 'A "quoted" <title> & more' }, 'https://example.org');
    expect(head).toContain('<title>A &quot;quoted&quot; &lt;title&gt; &amp; more</title>');
    expect(head).toContain('<link rel="canonical" href="https://example.org/pricing" />');
    expect(head).toContain('<meta property="og:url" content="https://example.org/pricing" />');
    expect(head).toContain('<meta property="og:image" content="https://example.org/apple-touch-icon.png" />');
    expect(head).not.toContain('noindex');
  });

  it('keeps the 404 page out of search engines, with no canonical URL', () => {
    const head = pageHead(PUBLIC_PAGES.notFound, 'https://example.org');
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain('canonical');
    expect(head).not.toContain('og:url');
  });
});

describe('fillTemplate', () => {
  it('puts the markup in #root with its page id, the head in place of the defaults, hints in <head>, and drops modulepreloads', () => {
    const html = fillTemplate(
      TEMPLATE,
      '<link rel="preload" as="image" href="/logo.svg"/><main>page</main>',
      '<title>Page</title>',
      'pricing',
    );
    expect(html).toContain('<div id="root" data-page="pricing"><main>page</main></div>');
    expect(html).toContain('<title>Page</title>');
    expect(html).not.toContain('Default');
    expect(html).toContain('<link rel="preload" as="image" href="/logo.svg"/></head>');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('keeps the defaults and the preloads for the shell of browser-only routes', () => {
    const html = fillTemplate(TEMPLATE, '<main>spinner</main>');
    expect(html).toContain('<div id="root"><main>spinner</main></div>');
    expect(html).toContain('<title>Default</title>');
    expect(html).toContain('modulepreload');
  });

  it('refuses markup with a script (the CSP allows no inline script) and a template without the root', () => {
    expect(() => fillTemplate(TEMPLATE, '<main>a</main><script>x()</script>')).toThrow(/scripts/);
    expect(() => fillTemplate('<html></html>', '<main></main>')).toThrow(/root/);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('list the indexed public pages under the origin', () => {
    const xml = sitemap('https://example.org');
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://example.org/',
      'https://example.org/pricing',
      'https://example.org/accuracy',
      'https://example.org/privacy',
      'https://example.org/terms',
      'https://example.org/auth',
    ]);
    expect(robotsTxt('https://example.org')).toContain('Sitemap: https://example.org/sitemap.xml');
  });
});

describe('the accuracy summary check', () => {
  it('accepts the committed file', () => {
    expect(() => checkAccuracySummary()).not.toThrow();
  });

  it('stops the build on a file that breaks the contract, naming the field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'accuracy-'));
    try {
      const broken = JSON.parse(readFileSync(ACCURACY_SUMMARY_FILE, 'utf8'));
      broken.sets[0].photos = 'many';
      const file = join(dir, 'accuracy-summary.json');
      writeFileSync(file, JSON.stringify(broken));
      expect(() => checkAccuracySummary(file)).toThrow(/sets\.0\.photos/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
