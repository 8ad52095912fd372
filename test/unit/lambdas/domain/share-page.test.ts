/** Open Graph / Twitter tag injection into the SPA's index.html for /r/{shareId}. */
import { describe, expect, it, vi } from 'vitest';
import { createShellSource } from '#lambdas/adapters/site.ts';
import { escapeHtml, fallbackShell, injectMeta, notFoundMeta, shareMeta } from '#lambdas/domain/share-page.ts';
import { sharedRating } from '#test/support/ratings.ts';

const SHELL = `<!doctype html>
<html lang="en" class="dark">
  <head>
    <meta charset="UTF-8" />
    <title>Hairline Rater – AI hairline rating</title>
    <meta name="description" content="Upload a photo of your hairline." />
    <meta property="og:title" content="Generic" />
    <meta name="theme-color" content="#0b0b12" />
  </head>
  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>
</html>`;

const view = sharedRating();
const SITE = 'https://d111.cloudfront.net/';

const metaContent = (html: string, attr: string, name: string) =>
  new RegExp(`<meta ${attr}="${name.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

describe('shareMeta + injectMeta', () => {
  it('injects og and twitter tags right after <head> and keeps the rest of the page', () => {
    const page = injectMeta(SHELL, shareMeta(view, SITE));
    const headAt = page.indexOf('<head>');
    expect(page.indexOf('<title>alex scored 78 – W Rizz on Hairline Rater</title>')).toBeGreaterThan(headAt);
    expect(page.indexOf('<meta property="og:title"')).toBeLessThan(page.indexOf('<meta charset="UTF-8" />'));
    expect(metaContent(page, 'property', 'og:title')).toBe('alex scored 78 – W Rizz on Hairline Rater');
    expect(metaContent(page, 'property', 'og:image')).toBe(
      'https://d111.cloudfront.net/api/shares/q3Vx9kLm2Pz8RtY4wN6bJA/card.png',
    );
    expect(metaContent(page, 'property', 'og:url')).toBe('https://d111.cloudfront.net/r/q3Vx9kLm2Pz8RtY4wN6bJA');
    expect(metaContent(page, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(page, 'name', 'twitter:image')).toBe(metaContent(page, 'property', 'og:image'));
    expect(metaContent(page, 'property', 'og:description')).toMatch(/78\/100 \(W Rizz\), Norwood stage 2/);
    // the shell's own title, description and og tags are replaced, not duplicated; unrelated tags stay
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/property="og:title"/g)).toHaveLength(1);
    expect(page.match(/name="description"/g)).toHaveLength(1);
    expect(page).not.toContain('Generic');
    expect(page).toContain('<meta name="theme-color" content="#0b0b12" />');
    expect(page).toContain('<script type="module" src="/src/main.tsx"></script>');
  });

  it("names the crown photo's figures in the description of a two-photo rating, and only there", () => {
    const crown = { norwoodStage: 5, frontalCoverage: 0.62, topCoverage: 0.4 };
    const withCrown = shareMeta({ ...view, crown }, SITE).description;
    expect(withCrown).toContain('recession Low. Crown: Norwood stage 5 · 40% covered. Rate your own hairline');
    expect(shareMeta(view, SITE).description).not.toContain('Crown');
  });

  it('escapes a hostile display name in every attribute and the title', () => {
    const name = `"><script>alert('x')</script><meta x="`;
    const page = injectMeta(SHELL, shareMeta({ ...view, displayName: name }, SITE));
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain(`"><script>`);
    const escaped = escapeHtml(name);
    expect(escaped).toBe('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&lt;meta x=&quot;');
    expect(page).toContain(`<title>${escaped} scored 78`);
    expect(metaContent(page, 'property', 'og:title')).toBe(`${escaped} scored 78 – W Rizz on Hairline Rater`);
    expect(metaContent(page, 'name', 'twitter:title')).toBe(`${escaped} scored 78 – W Rizz on Hairline Rater`);
  });

  it('handles <head> with attributes, and a page without <head>', () => {
    const withAttrs = injectMeta('<html><head data-x="1"><title>t</title></head><body></body></html>', notFoundMeta());
    expect(withAttrs).toMatch(/^<html><head data-x="1">\n\s+<title>Share not found – Hairline Rater<\/title>/);
    const headless = injectMeta('<html><body>x</body></html>', notFoundMeta());
    expect(headless).toMatch(
      /^<html><head>[\s\S]*<meta name="robots" content="noindex" \/>[\s\S]*<\/head><body>x<\/body><\/html>$/,
    );
  });

  it('the not-found page is noindex and has no og:image', () => {
    const page = injectMeta(SHELL, notFoundMeta());
    expect(page).toContain('<meta name="robots" content="noindex" />');
    expect(page).not.toContain('og:image');
  });

  it('the fallback shell is a complete page that links home', () => {
    const page = injectMeta(fallbackShell('https://example.com//'), shareMeta(view, 'https://example.com'));
    expect(page).toContain('<a href="https://example.com/">Hairline Rater</a>');
    expect(metaContent(page, 'property', 'og:image')).toBe(
      'https://example.com/api/shares/q3Vx9kLm2Pz8RtY4wN6bJA/card.png',
    );
  });
});

describe('createShellSource', () => {
  it('fetches ${SITE_URL}/index.html once and caches it; a failure is not cached', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new Error('ECONNREFUSED'))
      .mockResolvedValueOnce(new Response('not html', { status: 502 }))
      .mockResolvedValue(new Response(SHELL, { status: 200 }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const source = createShellSource('http://127.0.0.1:5173/', { fetch: fetchMock });
    expect(await source()).toBeUndefined();
    expect(await source()).toBeUndefined();
    expect(await source()).toBe(SHELL);
    expect(await source()).toBe(SHELL);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('http://127.0.0.1:5173/index.html');
    warn.mockRestore();
  });
});
