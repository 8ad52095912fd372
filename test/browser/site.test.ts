import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, saveScreenshot } from '../support/browser.ts';
import { BANNER_DELAY_MS } from '#web/features/cookies/consent.ts';
import { DESKTOP, MOBILE, rejectCookies } from './helpers.ts';

const stack = inject('stack');

describe('site pages in a browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the cookie banner after a second and remembers the choice', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    // the page's own clock: when the app first rendered into #root, and when the banner came (a loaded machine may take
    // many seconds to boot the app, so the delay is measured from the app's start, not from the test's)
    await context.addInitScript(() => {
      const w = window as unknown as { appAt?: number; bannerAt?: number };
      new MutationObserver(() => {
        w.appAt ??= document.getElementById('root')?.firstChild ? performance.now() : undefined;
        w.bannerAt ??= document.querySelector('[data-testid=cookie-banner]') ? performance.now() : undefined;
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto(stack.webUrl);
    await page.getByTestId('cookie-banner').waitFor();
    const { appAt, bannerAt } = await page.evaluate(() => {
      const w = window as unknown as { appAt: number; bannerAt: number };
      return { appAt: w.appAt, bannerAt: w.bannerAt };
    });
    expect(bannerAt - appAt).toBeGreaterThanOrEqual(BANNER_DELAY_MS);
    await saveScreenshot(page, 'cookie-banner', false);
    await page.getByRole('button', { name: 'Accept all' }).click();
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    const stored = await page.evaluate(() => [
      localStorage.getItem('cookieConsent'),
      localStorage.getItem('cookieConsentDate'),
    ]);
    expect(stored[0]).toBe('accepted');
    expect(Number.isNaN(Date.parse(stored[1] ?? ''))).toBe(false);
    // the local stack has no analytics id: no tag is added
    await expect(page.locator('#analytics-tag').count()).resolves.toBe(0);

    // the choice is remembered: once the app has run for longer than the delay, by its own clock, no banner
    await page.reload();
    await page.waitForFunction((delay) => {
      const { appAt } = window as unknown as { appAt?: number };
      return appAt !== undefined && performance.now() > appAt + delay + 1000;
    }, BANNER_DELAY_MS);
    await expect(page.getByTestId('cookie-banner').count()).resolves.toBe(0);

    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await rejectCookies(page);
    await expect(page.evaluate(() => localStorage.getItem('cookieConsent'))).resolves.toBe('rejected');
    await context.close();
  });

  it('answers unknown paths with the 404 page', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${stack.webUrl}/no/such/page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await saveScreenshot(page, 'not-found', false);
    await page.close();
  });

  it('opens the terms at the top with 15 sections and today as the effective date', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(stack.webUrl);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    await expect(page.locator('article h2').count()).resolves.toBe(15);
    const today = await page.evaluate(() =>
      new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
    );
    await expect(page.getByTestId('effective-date').textContent()).resolves.toBe(`Effective date: ${today}`);
    await saveScreenshot(page, 'terms');
    await page.goto(`${stack.webUrl}/privacy`);
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await saveScreenshot(page, 'privacy');
    await page.close();
  });

  it('lists both packs on /pricing', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${stack.webUrl}/pricing`);
    const small = page.getByTestId('package-10-ratings');
    const big = page.getByTestId('package-50-ratings');
    await big.waitFor();
    await expect(small.textContent()).resolves.toMatch(/\$3\.99.*\$7\.99.*50% OFF/);
    await expect(big.textContent()).resolves.toMatch(/Most Popular.*\$6\.99.*\$14\.99.*53% OFF.*Priority support/);
    await page.close();
  });

  it('asks a signed-out buyer to log in first', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${stack.webUrl}/checkout`);
    await page.waitForURL((url) => url.pathname === '/checkout/10-ratings');
    await rejectCookies(page);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.search === '?redirect=checkout');
    await expect(page.evaluate(() => sessionStorage.getItem('pendingCheckoutPackage'))).resolves.toBe('10-ratings');
    await page.close();
  });

  it('uses a mobile menu at 375 px', async () => {
    const page = await browser.newPage({ viewport: MOBILE });
    await page.goto(stack.webUrl);
    await rejectCookies(page);
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
    await saveScreenshot(page, 'home-mobile');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.waitFor();
    for (const name of ['Home', 'Pricing', 'Login']) await dialog.getByRole('link', { name }).waitFor();
    await saveScreenshot(page, 'mobile-menu', false);
    await dialog.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await expect(dialog.count()).resolves.toBe(0);
    await page.close();
  });
});
