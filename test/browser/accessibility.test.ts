import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { photoFiles } from '../support/dataset-photos.ts';
import { DESKTOP } from './helpers.ts';

const stack = inject('stack');

/** The serious and critical violations on the page, as `rule: targets` lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('/ with the crown picker open and a face and a crown photo chosen has no serious or critical violations', async (ctx) => {
    const [face, crown] = await photoFiles(ctx, 'portrait-full-1', 'full-1');
    const page = await context.newPage();
    await page.goto(stack.webUrl);
    await page.getByText('Test My Hairline', { exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.locator('input[type=file]').first().setInputFiles(face!);
    await page.getByRole('button', { name: 'Add a crown photo (optional)' }).click();
    // the open picker before a photo is chosen (its input, Cancel), then with the crown preview shown
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Choose a crown photo').setInputFiles(crown!);
    await page.getByRole('img', { name: 'Preview of the crown photo you chose' }).waitFor();
    await page.getByText('Both photos are analysed together for one credit.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
