/**
 * /accuracy in Chromium on a phone: the plain summary on the first screen, computed from the committed figures; the
 * tables below it closed until asked for; the same page when reached from another page of the app.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { unseenSummary } from '#web/features/accuracy/figures.ts';
import { launchBrowser, saveScreenshot } from '../support/browser.ts';
import { rejectCookies } from './helpers.ts';

const stack = inject('stack');
const PHONE = { width: 390, height: 844 };

describe('/accuracy on a phone', () => {
  let browser: Browser;
  let page: Page;
  const scripts: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: PHONE })).newPage();
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const summaryLine = () =>
    `On photos it never saw, it put ${unseenSummary().pairsOfTen} of 10 pairs in the right order.`;

  it('opens on the plain summary, within the first screen, and what it does not read well yet', async () => {
    await page.goto(`${stack.webUrl}/accuracy`);
    await rejectCookies(page);
    const summary = page.getByTestId('accuracy-summary');
    await expect(summary.locator('p').first().innerText()).resolves.toBe(summaryLine());
    const box = (await summary.locator('p').first().boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await expect(page.getByTestId('known-limits').locator('li').count()).resolves.toBeGreaterThan(2);
    await saveScreenshot(page, 'accuracy-phone-first-screen', false);
  });

  it('a visit straight to it keeps the prerendered page: the page component and its figures are not loaded', () => {
    expect(scripts.some((s) => /\/AccuracyPage-[^/]+\.js$/.test(s))).toBe(false);
  });

  it('keeps the tables closed until asked for, and is much shorter than the tables', async () => {
    const sets = page.getByRole('heading', { name: 'Measured on labelled photos' });
    await expect(sets.count()).resolves.toBe(0);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(4 * PHONE.height);
    await page.locator('summary', { hasText: 'The figures for each set of photos' }).click();
    await sets.waitFor({ state: 'visible' });
    await expect(page.locator('details[open]').count()).resolves.toBe(1);
  });

  it("a link into a closed section (a result's sources link) opens it", async () => {
    // a new document, as a result's link opens it
    await page.goto(`${stack.webUrl}/pricing`);
    await page.goto(`${stack.webUrl}/accuracy#age-heading`);
    await page.locator('#age-heading').waitFor({ state: 'visible' });
  });

  it('reached from another page of the app, it shows the same summary', async () => {
    await page.goto(stack.webUrl);
    await page.getByRole('link', { name: 'How accurate is it?' }).first().click();
    await page.waitForURL((url) => url.pathname === '/accuracy');
    await expect(page.getByTestId('accuracy-summary').locator('p').first().innerText()).resolves.toBe(summaryLine());
  });
});
