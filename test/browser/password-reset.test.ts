import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from '../support/browser.ts';
import { codeCount, readCode, readNewCode } from '../support/local-codes.ts';
import { createUser } from '../support/users.ts';
import { DESKTOP, expectPath, rejectCookies, toastTitle, openAuthTab } from './helpers.ts';

const stack = inject('stack');

describe('password reset in a browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: DESKTOP });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('sends a code, sets a new password and logs in with it', async () => {
    const user = await createUser(stack, 'reset');
    // the sign-up code is published first (createUser does not wait for it): the reset code is the one after it
    await readCode(stack, user.username);
    const before = await codeCount(stack, user.username);
    await page.goto(`${stack.webUrl}/auth`);
    await rejectCookies(page);
    await openAuthTab(page, 'Log in');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await toastTitle(page, 'Password reset email sent').waitFor();
    await expect(
      page.getByText('Please check your email for password reset instructions.', { exact: true }).first().isVisible(),
    ).resolves.toBe(true);
    await saveScreenshot(page, 'password-reset');

    const code = await readNewCode(stack, user.username, before);
    await page.getByLabel('Reset code').fill(code);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await toastTitle(page, 'Password too short').waitFor();

    await page.getByLabel('New password', { exact: true }).fill('brandnew456');
    await page.getByLabel('Confirm new password').fill('brandnew456');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('tab', { name: 'Log in', selected: true }).waitFor();

    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await toastTitle(page, 'Wrong username or password').waitFor();

    await page.getByLabel('Password', { exact: true }).fill('brandnew456');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectPath(page, '/');
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
  });
});
