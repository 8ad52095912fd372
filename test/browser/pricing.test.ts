import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
});
afterAll(async () => { await browser?.close(); });

describe('pricing page, served by the local stack', () => {
  it('shows both packs from GET /api/packages with their prices', async () => {
    const page = await browser.newPage();
    const packages = page.waitForResponse((r) => r.url().endsWith('/api/packages'));
    await page.goto(`${stack.webUrl}/pricing`);
    expect((await packages).status()).toBe(200);
    await expect.poll(() => page.getByText('10 Hairline Ratings').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('50 Hairline Ratings').count()).toBeGreaterThan(0);
    const text = await page.locator('main').innerText();
    for (const fragment of ['$3.99', '$7.99', '50% OFF', '$6.99', '$14.99', '53% OFF', 'Most Popular', 'Priority support']) {
      expect(text).toContain(fragment);
    }
    await page.close();
  });
});
