import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('pricing page, served by the local stack', () => {
  it('shows both packs with their prices from the build, without asking the API', async () => {
    const page = await browser.newPage();
    const apiCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/packages') && apiCalls.push(r.url()));
    await page.goto(`${stack.webUrl}/pricing`);
    await page.getByTestId('package-10-ratings').waitFor();
    await page.getByTestId('package-50-ratings').waitFor();
    const text = await page.locator('main').innerText();
    for (const fragment of [
      '$3.99',
      '$7.99',
      '50% OFF',
      '$6.99',
      '$14.99',
      '53% OFF',
      'Most Popular',
      'Priority support',
    ]) {
      expect(text).toContain(fragment);
    }
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);
    await page.close();
  });
});
