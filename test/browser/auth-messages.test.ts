/**
 * Sign-up in Chromium against cognito-local: the verify screen names the e-mail address the code went to, and a
 * mistyped code says so ("Wrong code"), not "Registration failed".
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { DESKTOP, openAuthTab, toastTitle, uniqueName } from './helpers.ts';

const stack = inject('stack');

describe('auth messages name the cause', () => {
  let browser: Browser;
  let page: Page;
  const username = uniqueName('typo');

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the verify screen names the address; a mistyped code is "Wrong code"', async () => {
    await page.goto(`${stack.webUrl}/auth`);
    await openAuthTab(page, 'Sign up');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('code-sent-to').innerText()).resolves.toContain(`${username}@example.com`);
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await toastTitle(page, 'Wrong code').waitFor();
    await expect(toastTitle(page, 'Registration failed').count()).resolves.toBe(0);
  });
});
