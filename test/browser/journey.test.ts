import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from '../support/browser.ts';
import { requireModels } from '../support/dataset-photos.ts';
import {
  DESKTOP,
  expectPath,
  lowStagePhotos,
  type FilePayload,
  rejectCookies,
  signUpThroughUi,
  toastTitle,
  uniqueName,
  untilStill,
} from './helpers.ts';

const stack = inject('stack');

describe('the whole journey in a browser', () => {
  let browser: Browser;
  let page: Page;
  const username = uniqueName('journey');
  let photos: FilePayload[] | undefined;

  // one journey, step by step: every step needs the dev photos and the model files, or none runs
  beforeEach(async (ctx) => {
    requireModels(ctx);
    photos ??= await lowStagePhotos(ctx);
  });

  beforeAll(async () => {
    browser = await launchBrowser();
    // axe needs a page from an explicit context
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lands on the home page with the upload panel and the examples', async () => {
    await page.goto(stack.webUrl);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/hairline/i);
    await rejectCookies(page);
    await page.getByRole('button', { name: 'Test My Hairline' }).click();
    await expect(
      page.getByText('JPG, PNG or WebP · large phone photos are shrunk on your device to under 5MB').isVisible(),
    ).resolves.toBe(true);
    for (const label of ['Cooked', 'Mid', 'W Rizz', 'Certified Rizz God']) {
      await expect(page.getByRole('img', { name: new RegExp(`: ${label}$`) }).count()).resolves.toBe(1);
    }
    await saveScreenshot(page, 'home');
  });

  it('analyzing while signed out keeps the photo and goes to /auth; a new account with no credits lands on /pricing', async () => {
    await page.locator('input[type=file]').setInputFiles(photos![0]!);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await expectPath(page, '/auth');
    await expect(page.evaluate(() => sessionStorage.getItem('pendingUploadId'))).resolves.toBeTruthy();
    await saveScreenshot(page, 'auth-sign-up');
    await signUpThroughUi(page, stack, username);
    await expectPath(page, '/pricing');
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    await expect.poll(() => page.getByTestId('header-credits').textContent(), { timeout: 90_000 }).toBe('0 credits');
    await saveScreenshot(page, 'pricing');
  });

  it('buys 10 credits through checkout and the Stripe emulator', async () => {
    await page.getByRole('link', { name: 'Get Started with 10 Hairline Ratings' }).click();
    await expectPath(page, '/checkout/10-ratings');
    const summary = page.getByTestId('checkout-summary');
    await expect(summary.textContent()).resolves.toContain('$3.99');
    await expect(summary.textContent()).resolves.toContain('10 Hairline Ratings');
    await saveScreenshot(page, 'checkout');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL((url) => url.href.startsWith(stack.stripeUrl));
    await saveScreenshot(page, 'stripe-emulator');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expectPath(page, '/checkout-success');
    await page.getByText('Payment successful!').waitFor();
    await expect(page.getByTestId('credit-balance').textContent()).resolves.toBe('10');
    await saveScreenshot(page, 'checkout-success');
  });

  it('analyzes the kept photo (or the next one the engine accepts) and shows the result with its chart', async () => {
    await page.getByRole('link', { name: /Analyze my photo|Start analyzing/ }).click();
    await expectPath(page, '/');
    let analyzed = false;
    for (const photo of [null, ...photos!.slice(1, 6)]) {
      if (photo) await page.locator('input[type=file]').setInputFiles(photo);
      await page.getByRole('button', { name: 'Analyze' }).click();
      const outcome = await Promise.race([
        page
          .getByTestId('result-view')
          .waitFor()
          .then(() => 'result' as const),
        toastTitle(page, 'Photo not accepted')
          .waitFor()
          .then(() => 'rejected' as const),
        toastTitle(page, 'Analysis failed')
          .waitFor()
          .then(() => 'failed' as const),
      ]);
      if (outcome === 'result') {
        analyzed = true;
        break;
      }
      await page.getByRole('button', { name: 'Analyze' }).waitFor();
    }
    expect(analyzed).toBe(true);
    // the details below the summary are closed until asked for
    for (const title of [
      'Your photo and what was measured',
      'Your six metrics',
      'Norwood stage and key measurements',
    ]) {
      await page.locator('summary', { hasText: title }).click();
    }
    await page.locator('[data-testid=metrics-radar] svg').first().waitFor();
    await expect(page.getByTestId('result-rating').textContent()).resolves.toMatch(
      /^(Cooked|Mid|W Rizz|Certified Rizz God)$/,
    );
    await expect(page.getByTestId('result-stage').textContent()).resolves.toMatch(/^Norwood stage [1-7]$/);
    await expect(page.getByTestId('result-photo').getAttribute('src')).resolves.toMatch(/^data:image\/jpeg;base64,/);
    await expect.poll(() => page.getByTestId('header-credits').textContent(), { timeout: 90_000 }).toBe('9 credits');
    await expect(page.evaluate(() => localStorage.getItem('lastRatingId'))).resolves.toBeTruthy();
    await untilStill(page.getByTestId('metrics-radar'));
    await saveScreenshot(page.locator('#results'), 'results');
    const { violations } = await new AxeBuilder({ page }).include('#results').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  it('signs out from the user menu', async () => {
    await page.getByRole('button', { name: /Account menu/ }).click();
    await expect(page.getByRole('menu').textContent()).resolves.toContain(username);
    await saveScreenshot(page, 'user-menu', false);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('lastAnalysisResult'))).resolves.toBeNull();
  });
});
