/**
 * The way back from the payment page, in Chromium against the local stack and the Stripe emulator: a new account with
 * no credits is told why it sees /pricing, a cancelled payment says so there, and a paid one reads "Payment received"
 * although the emulator's webhook has credited it before the browser returns.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from '../support/browser.ts';
import { createUser, type TestUser } from '../support/users.ts';
import { DESKTOP, expectPath, rejectCookies, signInThroughUi } from './helpers.ts';

const stack = inject('stack');

describe('checkout return', () => {
  let browser: Browser;
  let page: Page;
  let user: TestUser;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    user = await createUser(stack, 'payback');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('/pricing with 0 credits says in one line why it is shown', async () => {
    await signInThroughUi(page, stack, user);
    await page.goto(`${stack.webUrl}/pricing`);
    await rejectCookies(page);
    await expect(page.getByTestId('pricing-note').textContent()).resolves.toBe(
      'You have 0 credits: each analysis uses one, so choose a pack to rate your photo.',
    );
  });

  /** from /pricing to the Stripe emulator's payment page for the 10 pack */
  async function toPaymentPage() {
    await page.getByRole('link', { name: 'Get Started with 10 Hairline Ratings' }).click();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL((url) => url.href.startsWith(stack.stripeUrl));
  }

  it('a cancelled payment returns to /pricing with a short message', async () => {
    await toPaymentPage();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectPath(page, '/pricing');
    await page.getByText('Payment cancelled: nothing was charged.', { exact: false }).waitFor();
    await expect.poll(() => page.getByTestId('header-credits').textContent(), { timeout: 90_000 }).toBe('0 credits');
  });

  it("a paid session reads 'Payment received: 10 credits added' though the webhook credited it first", async () => {
    await toPaymentPage();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expectPath(page, '/checkout-success');
    await expect(page.getByTestId('payment-received').textContent()).resolves.toBe(
      'Payment received: 10 credits added.',
    );
    await expect(page.getByTestId('credit-balance').textContent()).resolves.toBe('10');
    await expect(page.getByText(/already processed/).count()).resolves.toBe(0);
    await saveScreenshot(page, 'checkout-success-new-purchase');
  });
});
