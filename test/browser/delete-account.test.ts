/** "Delete account" from the user menu (desktop) and the mobile menu, in Chromium against the local stack. */
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { launchBrowser, saveScreenshot } from '../support/browser.ts';
import { signIn, type TestUser, userWithCredits } from '../support/users.ts';
import { requireModels } from '../support/dataset-photos.ts';
import { imageForm, samplePhotos, userItem } from '../integration/api-support.ts';
import { DESKTOP, expectPath, MOBILE, toastTitle, openAuthTab } from './helpers.ts';

const stack = inject('stack');

async function signedInPage(
  browser: Browser,
  user: TestUser,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'rejected'));
  const page = await context.newPage();
  await page.goto(`${stack.webUrl}/auth`);
  await openAuthTab(page, 'Log in');
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/auth');
  return page;
}

describe('Delete account in the browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('user menu: the dialog says what goes, then the account, its ratings, share links and sign-in are gone; lands on / with a toast', async (ctx) => {
    requireModels(ctx);
    const [photo] = await samplePhotos(ctx, 1);
    const user = await userWithCredits(stack, 3, 'leaver');
    const rated = await api(stack, '/api/analyze-hairline', {
      method: 'POST',
      token: user.idToken,
      body: imageForm(photo!),
    });
    expect(rated.status, rated.text).toBe(200);
    const share = await api(stack, `/api/ratings/${rated.json.id}/share`, {
      method: 'POST',
      token: user.idToken,
      body: {},
    });
    expect(share.status).toBe(201);

    const page = await signedInPage(browser, user, DESKTOP);
    await page.goto(`${stack.webUrl}/history`);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    const text = await dialog.textContent();
    for (const word of ['your profile', 'your credit balance', 'all your ratings', 'their share links', 'your sign-in'])
      expect(text).toContain(word);
    expect(text).toContain('Unused credits are not refunded (Terms of Service, section 8).');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Cancel');
    const { violations } = await new AxeBuilder({ page })
      .include('[role=alertdialog]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await saveScreenshot(page, 'delete-account-dialog', false);

    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expectPath(page, '/');
    await toastTitle(page, 'Your account has been deleted').waitFor();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    // settled (nothing left to load), still on the home page
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/');
    await saveScreenshot(page, 'delete-account-done', false);

    expect(Object.keys((await userItem(stack, user.sub)) ?? {}).sort()).toEqual(['deletedAt', 'userId']); // a tombstone only
    expect((await api(stack, `/api/shares/${share.json.shareId}`)).status).toBe(404);
    await expect(signIn(stack, user.username, user.password)).rejects.toThrow();
    await page.context().close();
  });

  it('mobile menu: Cancel keeps the account; confirming deletes it and signs out', async () => {
    const user = await userWithCredits(stack, 0, 'mobileleaver');
    const page = await signedInPage(browser, user, MOBILE);
    const openDialog = async () => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      return dialog;
    };
    await (await openDialog()).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect(await userItem(stack, user.sub)).toBeDefined();

    const dialog = await openDialog();
    await saveScreenshot(page, 'delete-account-dialog-mobile', false);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expectPath(page, '/');
    await toastTitle(page, 'Your account has been deleted').waitFor();
    expect(Object.keys((await userItem(stack, user.sub)) ?? {}).sort()).toEqual(['deletedAt', 'userId']); // a tombstone only
    await page.context().close();
  });
});
