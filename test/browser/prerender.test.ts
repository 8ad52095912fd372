/**
 * The production build's prerendered public pages, served by `vite preview` (the same routing as CloudFront): the test
 * stack's web server, which serves the build test/support/global-setup.ts makes once per run. Here: their HTML without JavaScript, their meta tags and sitemap, hydration that keeps the
 * painted DOM and logs nothing, and sign-in updating the header of a hydrated page without a reload.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PUBLIC_PAGE_LIST, PUBLIC_PAGES } from '#shared/site-pages.ts';
import { launchBrowser, saveScreenshot, BROWSER_WAIT_MS } from '../support/browser.ts';

import { createUser } from '../support/users.ts';
import { DESKTOP, MOBILE, rejectCookies, openAuthTab } from './helpers.ts';

const stack = inject('stack');

/** how many pages the hydration test opens at once */
const PAGES_AT_ONCE = 4;

/** `fn` on every item, never more than `limit` at once; the results in the items' order */
async function atMost<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** What each page's HTML must say before any script runs. */
const EXPECTED: Record<(typeof PUBLIC_PAGE_LIST)[number]['id'], { url: string; heading: string; text: string }> = {
  home: { url: '/', heading: 'Is your hairline cooked or certified?', text: 'Upload your hairline photo' },
  pricing: { url: '/pricing', heading: 'Get more ratings', text: '$6.99' },
  accuracy: { url: '/accuracy', heading: 'How accurate is it?', text: 'On photos it never saw, it put' },
  privacy: { url: '/privacy', heading: 'Privacy Policy', text: 'How long we keep it' },
  terms: { url: '/terms', heading: 'Terms of Service', text: 'Entire Agreement' },
  auth: { url: '/auth', heading: 'Welcome to Hairline Rater', text: 'Create account' },
  notFound: { url: '/no/such/page', heading: '404 Page Not Found', text: 'Back to home' },
};

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const between = (html: string, start: string, end: string) =>
  html.slice(html.indexOf(start), html.indexOf(end, html.indexOf(start)));

/** Console errors and warnings, uncaught errors, and whether the prerendered <h1> and <main> are still the nodes on screen. */
async function openHydrated(browser: Browser, url: string, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (m) => {
    // Amplify notes that the local stack's Cognito stand-in is a custom endpoint: true, and only here
    if (m.type() === 'warning' && m.text().includes('custom Amazon Amazon Cognito User Pool endpoint')) return;
    if (m.type() === 'error' || m.type() === 'warning') logs.push(`${m.type()}: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  // the page's requests still open, so that the checks wait until everything hydration asked for has come
  let open = 0;
  page.on('request', () => open++);
  page.on('requestfinished', () => open--);
  page.on('requestfailed', () => open--);
  // before any script of the page runs: remember the painted nodes
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.shifts += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const w = window as unknown as { painted: Element[] };
      w.painted = [document.querySelector('h1')!, document.querySelector('main')!, document.querySelector('footer')!];
    });
  });
  const response = await page.goto(url);
  // hydrated and the sign-in state known: the header's Login link is React's doing
  await page.locator('nav[aria-label="Main"] a[href="/auth"]').waitFor({ state: 'attached' });
  // what arrives after hydration (sign-in state, contact address, cookie banner after its delay) takes no room from the
  // page and replaces none of its nodes: checked once the banner, the last of them, is there, a frame has been laid out
  // after it and no request of the page is still open
  await page.getByTestId('cookie-banner').waitFor();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect.poll(() => open, { timeout: BROWSER_WAIT_MS }).toBe(0);
  const kept = await page.evaluate(() => {
    const painted = (window as unknown as { painted?: Element[] }).painted ?? [];
    return (
      painted.length === 3 && painted.every((el) => el && el.isConnected) && painted[0] === document.querySelector('h1')
    );
  });
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
  return { page, context, logs, kept, shifts, status: response?.status() };
}

describe('prerendered public pages (production build, vite preview)', () => {
  let webUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    webUrl = stack.webUrl;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('each page is in its HTML before any script runs: heading, text, title, description, canonical URL, Open Graph', async () => {
    for (const page of PUBLIC_PAGE_LIST) {
      const expected = EXPECTED[page.id];
      const res = await fetch(`${webUrl}${expected.url}`);
      expect(res.status, page.id).toBe(page.id === 'notFound' ? 404 : 200);
      const html = await res.text();
      const root = text(between(html, '<div id="root"', '<noscript>'));
      expect(between(html, '<h1', '</h1>').replace(/<[^>]+>/g, ''), page.id).toBe(expected.heading);
      expect(root, page.id).toContain(expected.text);
      expect(html, page.id).toContain(`<div id="root" data-page="${page.id}">`);
      expect(html, page.id).toContain(`<title>${page.title}</title>`);
      expect(html, page.id).toContain(`<meta name="description" content="${page.description}" />`);
      expect(html, page.id).toContain(`<meta property="og:title" content="${page.title}" />`);
      if (page.indexed) {
        expect(html, page.id).toContain(`<link rel="canonical" href="${webUrl}${page.path}" />`);
        expect(html, page.id).toContain(`<meta property="og:url" content="${webUrl}${page.path}" />`);
      } else {
        expect(html, page.id).toContain('<meta name="robots" content="noindex" />');
      }
      // no inline script: the CSP allows none
      expect(html.match(/<script/g), page.id).toHaveLength(1);
    }
  });

  it('the terms say today without JavaScript; the browser puts in the date', async () => {
    const html = await (await fetch(`${webUrl}/terms`)).text();
    expect(text(html)).toContain('Effective date: today');
    const { page, context, logs } = await openHydrated(browser, `${webUrl}/terms`);
    const today = await page.evaluate(() =>
      new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
    );
    await expect
      .poll(() => page.getByTestId('effective-date').textContent(), { timeout: BROWSER_WAIT_MS })
      .toBe(`Effective date: ${today}`);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('browser-only routes get index.html (the layout and a spinner), and the app renders them', async () => {
    const html = await (await fetch(`${webUrl}/history`)).text();
    expect(html).toContain('<div id="root"><');
    expect(html).not.toContain('data-page=');
    expect(text(html)).toContain('Loading');
    const { page, context, logs } = await openHydrated(browser, `${webUrl}/checkout/10-ratings`);
    await page.getByTestId('checkout-summary').waitFor();
    expect(logs).toEqual([]);
    await context.close();
  });

  it('sitemap.xml lists the indexed public pages; robots.txt points to it', async () => {
    const sitemap = await (await fetch(`${webUrl}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_PAGE_LIST.filter((p) => p.indexed).map((p) => `${webUrl}${p.path}`));
    expect(locs).not.toContain(`${webUrl}*`);
    await expect((await fetch(`${webUrl}/robots.txt`)).text()).resolves.toContain(`Sitemap: ${webUrl}/sitemap.xml`);
  });

  it(
    'hydration keeps the painted DOM, shifts nothing and logs no error or warning, on every page, desktop and mobile',
    async () => {
      const opens = PUBLIC_PAGE_LIST.flatMap((page) => [DESKTOP, MOBILE].map((viewport) => ({ page, viewport })));
      // a few pages at a time, each in a context of its own: most of a page's time is spent waiting (for its chunks,
      // the sign-in state, the banner's delay), and few enough that each page's waits stay short on a loaded machine
      const results = await atMost(opens, PAGES_AT_ONCE, async ({ page, viewport }) => {
        const opened = await openHydrated(browser, `${webUrl}${EXPECTED[page.id].url}`, viewport);
        const title = await opened.page.title();
        if (viewport === MOBILE) await saveScreenshot(opened.page, `prerendered-${page.id}-mobile`, false);
        await opened.context.close();
        return { page, viewport, title, opened };
      });
      for (const { page, viewport, title, opened } of results) {
        // a 404 page is a 404: Chromium reports the document's status in the console, nothing else may appear
        const logs = page.id === 'notFound' ? opened.logs.filter((l) => !/status of 404/.test(l)) : opened.logs;
        expect(logs, `${page.id} at ${viewport.width} px`).toEqual([]);
        expect(opened.kept, `${page.id} at ${viewport.width} px: prerendered nodes kept`).toBe(true);
        expect(opened.shifts, `${page.id} at ${viewport.width} px: layout shift`).toBeLessThanOrEqual(0.02);
        expect(title, `${page.id} at ${viewport.width} px`).toBe(page.title);
      }
    },
    // every page, twice, PAGES_AT_ONCE at a time: a minute for each batch on a loaded machine
    Math.ceil((PUBLIC_PAGE_LIST.length * 2) / PAGES_AT_ONCE) * 60_000,
  );

  it('the hydrated pages navigate in the browser, and titles follow', async () => {
    const { page, context, logs } = await openHydrated(browser, `${webUrl}/`);
    await rejectCookies(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'How accurate is it?' }).click();
    await page.getByRole('heading', { level: 1, name: 'How accurate is it?' }).waitFor();
    await expect(page.title()).resolves.toBe(PUBLIC_PAGES.accuracy.title);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Get more ratings' }).waitFor();
    await expect(page.title()).resolves.toBe(PUBLIC_PAGES.pricing.title);
    await expect(page.evaluate(() => performance.getEntriesByType('navigation').length)).resolves.toBe(1);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('signing in on the hydrated /auth page updates the header without a reload', async () => {
    const user = await createUser(stack, 'prerender');
    const { page, context, logs } = await openHydrated(browser, `${webUrl}/auth`);
    await rejectCookies(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await openAuthTab(page, 'Log in');
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    await expect
      .poll(() => page.getByTestId('header-credits').textContent(), { timeout: BROWSER_WAIT_MS })
      .toMatch(/^\d+ credits$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).count(),
    ).resolves.toBe(0);
    await expect(page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).resolves.toBe(
      true,
    );
    expect(logs).toEqual([]);
    await saveScreenshot(page, 'prerendered-signed-in', false);
    await context.close();
  });
});
