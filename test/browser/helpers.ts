/** Steps shared by the browser tests. */
import { expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { datasetPhotos, type Skippable } from '../support/dataset-photos.ts';
import { readCode } from '../support/local-codes.ts';
import { untilAppLive } from '../support/browser.ts';
import type { StackInfo } from '../support/stack-info.ts';
import type { TestUser } from '../support/users.ts';

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 375, height: 812 };

/** A file chosen in a file input (playwright's setInputFiles) */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Low-stage photos (Norwood group 1), the ones most likely to be accepted and rated well (DATASETS_DIR). */
export async function lowStagePhotos(ctx: Skippable): Promise<FilePayload[]> {
  return (await datasetPhotos(ctx, { set: 'norwood-groups', label: 1, count: 6 })).map((p) => ({
    name: p.file,
    mimeType: 'image/jpeg',
    buffer: p.bytes,
  }));
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/**
 * Answers the cookie banner so it does not cover buttons. It appears 1 s after the app starts, which on the dev
 * server's first visit waits for Vite to transform every module: allow for that on a busy machine.
 */
export async function rejectCookies(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Reject all' });
  await button.waitFor({ state: 'visible' });
  await button.click();
  await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
}

/** A Radix toast title: Radix also copies the text into an aria-live span, so match inside the toast list. */
export function toastTitle(page: Page, text: string) {
  return page.locator('li.toast-root').getByText(text, { exact: true });
}

/** The auth page's tab, selected once the page is live (clicked again until it says so; usable in hooks too). */
export async function openAuthTab(page: Page, name: 'Log in' | 'Sign up'): Promise<void> {
  await untilAppLive(page);
  const tab = page.getByRole('tab', { name });
  const selected = page.getByRole('tab', { name, selected: true });
  for (let attempt = 1; ; attempt++) {
    await tab.click();
    try {
      await selected.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= 18) throw error;
    }
  }
}

/** Sign-up tab → emailed code (read from cognito-local) → verified and signed in. */
export async function signUpThroughUi(
  page: Page,
  stack: StackInfo,
  username: string,
  password = 'secret123',
): Promise<void> {
  await openAuthTab(page, 'Sign up');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  const codeField = page.getByLabel('Verification code');
  await codeField.waitFor();
  await codeField.fill(await readCode(stack, username));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
}

export async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForURL((url) =>
    typeof path === 'string' ? url.pathname === path : path.test(url.pathname + url.search),
  );
  expect(true).toBe(true);
}

/** The log-in tab with a user made through the API, until the account menu shows. */
export async function signInThroughUi(page: Page, stack: StackInfo, user: TestUser): Promise<void> {
  await page.goto(`${stack.webUrl}/auth`);
  await openAuthTab(page, 'Log in');
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: /Account menu/ }).waitFor();
}

/** A desktop tab of `browser` on the home page, the cookie banner answered, `user` signed in through the log-in tab. */
export async function signedInTab(browser: Browser, stack: StackInfo, user: TestUser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto(stack.webUrl);
  await rejectCookies(page);
  await signInThroughUi(page, stack, user);
  return page;
}

/**
 * Waits until the element's markup has not changed for ten animation frames in a row (a chart done animating in), so a
 * screenshot shows the finished drawing however slowly a loaded machine plays the animation.
 */
export async function untilStill(target: Locator): Promise<void> {
  await target.evaluate(
    (el) =>
      new Promise<void>((done) => {
        let last = el.innerHTML;
        let still = 0;
        const frame = () => {
          const now = el.innerHTML;
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 10) done();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}
