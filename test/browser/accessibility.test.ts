import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { DESKTOP } from './helpers.ts';

const stack = inject('stack');

describe('accessibility (axe) of the public pages', () => {
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: DESKTOP });
    // a stored choice keeps the cookie banner from appearing half-way through a scan
    await context.addInitScript(() => localStorage.setItem('cookieConsent', 'rejected'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['/', 'Test My Hairline'],
    ['/pricing', 'Get more ratings'],
    ['/auth', 'Welcome to Hairline Rater'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/accuracy', 'How accurate is it?'],
    ['/checkout/50-ratings', 'Checkout'],
  ])('%s has no serious or critical violations', async (path, marker) => {
    const page = await context.newPage();
    await page.goto(`${stack.webUrl}${path}`);
    await page.getByText(marker, { exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
    await page.close();
  });
});
