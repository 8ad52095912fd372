/** Two photos, one credit, in a browser: a face photo and the optional crown photo, through to the result page. */
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { launchBrowser, saveScreenshot } from '../support/browser.ts';
import { photoFiles, requireModels } from '../support/dataset-photos.ts';
import { type TestUser, userWithCredits } from '../support/users.ts';
import { DESKTOP, expectPath, rejectCookies, toastTitle, type FilePayload, openAuthTab } from './helpers.ts';

const stack = inject('stack');
/** a portrait from the front and a crown photo from above (DATASETS_DIR) */
let face: FilePayload;
let crown: FilePayload;

/** What the Analyze button led to: the crown card, or the toast that says why not. */
function analysisOutcome(page: Page): Promise<string> {
  const toast = (title: string) =>
    toastTitle(page, title)
      .waitFor({ timeout: 90_000 })
      .then(() => title);
  return Promise.race([
    // in the result's closed "Crown photo" details: there, not yet shown
    page
      .getByTestId('crown-panel')
      .waitFor({ state: 'attached', timeout: 90_000 })
      .then(() => 'result'),
    ...['Photo not accepted', 'Crown photo not accepted', 'Crown photo expired', 'Analysis failed'].map(toast),
  ]);
}

describe('the two-photo upload in a browser', () => {
  let browser: Browser;
  let page: Page;
  let user: TestUser;

  beforeEach(async (ctx) => {
    requireModels(ctx);
    [face, crown] = (await photoFiles(ctx, 'portrait-full-1', 'full-1')) as [FilePayload, FilePayload];
  });

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    user = await userWithCredits(stack, 2, 'crownui');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a face photo and a crown photo give one result with both overlays, for one credit', async () => {
    await page.goto(`${stack.webUrl}/auth`);
    await rejectCookies(page);
    await openAuthTab(page, 'Log in');
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    await page.goto(stack.webUrl);
    await expect.poll(() => page.getByTestId('header-credits').textContent(), { timeout: 90_000 }).toBe('2 credits');

    await page.locator('input[type=file]').first().setInputFiles(face);
    await expect(
      page
        .getByText('Part your hair at the crown and photograph the top of your head from above, in good light.')
        .count(),
    ).resolves.toBe(1);
    await page.getByRole('button', { name: 'Add a crown photo (optional)' }).click();
    await page.getByLabel('Choose a crown photo').setInputFiles(crown);
    await page.getByRole('img', { name: 'Preview of the crown photo you chose' }).waitFor();
    await page.getByRole('button', { name: 'Analyze' }).click();
    await expect(analysisOutcome(page)).resolves.toBe('result');
    await expect(page.getByTestId('result-photo').count()).resolves.toBe(2);
    await expect(page.getByTestId('crown-measurements').textContent()).resolves.toMatch(/Top \(crown\) zone\d+%/);
    await expect.poll(() => page.getByTestId('header-credits').textContent(), { timeout: 90_000 }).toBe('1 credit');
    await saveScreenshot(page.locator('#results'), 'results-with-crown');
  });

  it('a crown photo alone: the panel says so (Crown), and the rating keeps it as a crown photo', async () => {
    // signed in from the test before, one credit left
    await page.goto(stack.webUrl);
    await page
      .getByRole('group', { name: 'What the photo shows' })
      .getByRole('button', { name: 'Crown (top of head)' })
      .click();
    // no second photo beside a crown photo alone
    await expect(page.getByRole('button', { name: 'Add a crown photo (optional)' }).count()).resolves.toBe(0);
    await page.locator('input[type=file]').first().setInputFiles(crown);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/analyze-hairline'), { timeout: 90_000 });
    await page.getByRole('button', { name: 'Analyze' }).click();
    const res = await answered;
    expect(res.status()).toBe(200);
    const rating = (await res.json()) as { id: string; photoOf?: string; measurements: { view?: string } };
    // the panel's choice reached the server with the photo (Chromium keeps no copy of a multipart body with a file)
    expect(rating.photoOf).toBe('crown');
    expect(rating.measurements.view).toBe('top');
    const list = await api(stack, '/api/ratings', { token: user.idToken });
    expect((list.json as { items: { id: string; photoOf?: string }[] }).items[0]).toMatchObject({
      id: rating.id,
      photoOf: 'crown',
    });
  });

  it('a signed-out visitor keeps both photos through sign-in: both are back, one analysis shows the crown card, one credit', async () => {
    const visitor = await userWithCredits(stack, 1, 'crowndetour');
    const tab = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await tab.goto(stack.webUrl);
    await rejectCookies(tab);
    await tab.locator('input[type=file]').first().setInputFiles(face);
    await tab.getByRole('button', { name: 'Add a crown photo (optional)' }).click();
    await tab.getByLabel('Choose a crown photo').setInputFiles(crown);
    await tab.getByRole('img', { name: 'Preview of the crown photo you chose' }).waitFor();
    await tab.getByRole('button', { name: 'Analyze' }).click();

    await expectPath(tab, '/auth');
    const kept = await tab.evaluate(() => ({
      face: sessionStorage.getItem('pendingUploadId'),
      crown: sessionStorage.getItem('pendingCrownUploadId'),
    }));
    expect(kept.face).toBeTruthy();
    expect(kept.crown).toBeTruthy();
    expect(kept.crown).not.toBe(kept.face);
    await openAuthTab(tab, 'Log in');
    await tab.getByLabel('Username or email').fill(visitor.username);
    await tab.getByLabel('Password', { exact: true }).fill(visitor.password);
    await tab.getByRole('button', { name: 'Log in' }).click();

    // back on the home page with both photos, nothing chosen again
    await expectPath(tab, '/');
    await tab.getByRole('img', { name: 'Preview of the photo you chose before signing in' }).waitFor();
    await tab.getByRole('img', { name: 'Preview of the crown photo you chose before signing in' }).waitFor();
    await tab.getByText('Both photos are analysed together for one credit.').waitFor();
    await expect.poll(() => tab.getByTestId('header-credits').textContent(), { timeout: 90_000 }).toBe('1 credit');
    const { violations } = await new AxeBuilder({ page: tab })
      .include('[data-testid=crown-picker]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await saveScreenshot(tab.getByTestId('crown-picker'), 'crown-kept-after-sign-in');

    await tab.getByRole('button', { name: 'Analyze' }).click();
    await expect(analysisOutcome(tab)).resolves.toBe('result');
    await expect(tab.getByTestId('result-photo').count()).resolves.toBe(2);
    await expect.poll(() => tab.getByTestId('header-credits').textContent(), { timeout: 90_000 }).toBe('0 credits');
    await expect(tab.evaluate(() => sessionStorage.getItem('pendingCrownUploadId'))).resolves.toBeNull();
    await tab.context().close();
  });
  it('a signed-in user with no credits keeps both photos through pricing and checkout: one analysis with the crown card', async () => {
    const buyer = await userWithCredits(stack, 0, 'crownbuyer');
    const tab = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await tab.goto(`${stack.webUrl}/auth`);
    await rejectCookies(tab);
    await openAuthTab(tab, 'Log in');
    await tab.getByLabel('Username or email').fill(buyer.username);
    await tab.getByLabel('Password', { exact: true }).fill(buyer.password);
    await tab.getByRole('button', { name: 'Log in' }).click();
    await tab.getByRole('button', { name: /Account menu/ }).waitFor();
    await expect.poll(() => tab.getByTestId('header-credits').textContent(), { timeout: 90_000 }).toBe('0 credits');

    await tab.goto(stack.webUrl);
    await tab.locator('input[type=file]').first().setInputFiles(face);
    await tab.getByRole('button', { name: 'Add a crown photo (optional)' }).click();
    await tab.getByLabel('Choose a crown photo').setInputFiles(crown);
    await tab.getByRole('img', { name: 'Preview of the crown photo you chose' }).waitFor();
    await tab.getByRole('button', { name: 'Analyze' }).click();
    await expectPath(tab, '/pricing');
    await expect(tab.evaluate(() => sessionStorage.getItem('pendingCrownUploadId'))).resolves.toBeTruthy();

    await tab.getByRole('link', { name: 'Get Started with 10 Hairline Ratings' }).click();
    await expectPath(tab, '/checkout/10-ratings');
    await tab.getByRole('button', { name: 'Proceed to Payment' }).click();
    await tab.waitForURL((url) => url.href.startsWith(stack.stripeUrl));
    await tab.getByRole('button', { name: 'Pay', exact: true }).click();
    await expectPath(tab, '/checkout-success');
    await expect(tab.getByTestId('credit-balance').textContent()).resolves.toBe('10');
    await tab.getByRole('link', { name: /Analyze my photo|Start analyzing/ }).click();

    // both photos are back after the payment, nothing chosen again
    await expectPath(tab, '/');
    await tab.getByRole('img', { name: 'Preview of the photo you chose before signing in' }).waitFor();
    await tab.getByRole('img', { name: 'Preview of the crown photo you chose before signing in' }).waitFor();
    await tab.getByRole('button', { name: 'Analyze' }).click();
    await expect(analysisOutcome(tab)).resolves.toBe('result');
    await expect(tab.getByTestId('result-photo').count()).resolves.toBe(2);
    await expect.poll(() => tab.getByTestId('header-credits').textContent(), { timeout: 90_000 }).toBe('9 credits');
    await tab.context().close();
  });
});
