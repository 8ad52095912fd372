/**
 * The retake reminder in real Chromium (issue #27): after a rating, a signed-in user turns on "Remind me to retake in 4
 * weeks" with one click; it is still on after a reload (the API keeps it, not the page), and "Stop reminders" turns it
 * off for good. The e-mail, its unsubscribe link and the account deletion are the integration test's
 * (test/integration/api-reminders.test.ts).
 */
import { formatDate } from '#web/lib/dates.ts';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { REMINDER_INTERVAL_MS, REMINDER_WORDS, ReminderStateSchema, type ReminderState } from '#shared/reminders.ts';
import { REMINDER_TEXTS } from '#web/features/reminders/reminder-texts.ts';
import { api } from '../support/api.ts';
import { BROWSER_WAIT_MS, launchBrowser, saveScreenshot } from '../support/browser.ts';
import { photoFiles, requireModels } from '../support/dataset-photos.ts';
import { type TestUser, userWithCredits } from '../support/users.ts';
import { signedInTab, type FilePayload } from './helpers.ts';

const stack = inject('stack');
/** "Reminder on: we'll e-mail you on <date>, then every 4 weeks." whatever the date */
const [ON_BEFORE, ON_AFTER] = REMINDER_TEXTS.on('\u0000').split('\u0000') as [string, string];

async function reminderOf(user: TestUser): Promise<ReminderState> {
  const res = await api(stack, '/api/me/reminder', { token: user.idToken });
  expect(res.status).toBe(200);
  return ReminderStateSchema.parse(res.json);
}

describe('the retake reminder toggle', () => {
  let browser: Browser;
  let page: Page;
  let user: TestUser;
  let photo: FilePayload;

  beforeEach(async (ctx) => {
    requireModels(ctx);
    [photo] = (await photoFiles(ctx, 'portrait-full-1')) as [FilePayload];
  });

  beforeAll(async () => {
    user = await userWithCredits(stack, 2, 'reminder');
    browser = await launchBrowser();
    page = await signedInTab(browser, stack, user);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const panel = () => page.getByTestId('retake-reminder');
  const offer = () => panel().getByRole('button', { name: REMINDER_WORDS.offer });
  const stop = () => panel().getByRole('button', { name: REMINDER_TEXTS.stop });
  const onStatus = () => panel().getByRole('status');

  it('after a rating it is offered, off until one click turns it on', async () => {
    await page.goto(stack.webUrl);
    await page.locator('input[type=file]').first().setInputFiles(photo);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByTestId('result-view').waitFor({ timeout: BROWSER_WAIT_MS });
    await offer().waitFor({ timeout: BROWSER_WAIT_MS });
    expect(await panel().textContent()).toContain(REMINDER_TEXTS.offerNote);
    expect(await reminderOf(user)).toEqual({ reminder: null });

    const before = Date.now();
    await offer().click();
    await stop().waitFor({ timeout: BROWSER_WAIT_MS });
    const text = (await onStatus().textContent()) ?? '';
    expect(text.startsWith(ON_BEFORE) && text.endsWith(ON_AFTER), text).toBe(true);
    const due = Date.parse((await reminderOf(user)).reminder!.dueAt);
    expect(due).toBeGreaterThanOrEqual(before + REMINDER_INTERVAL_MS - 60_000);
    expect(due).toBeLessThanOrEqual(Date.now() + REMINDER_INTERVAL_MS);
    // the date said is the one stored, in the app's one date format and the browser's language
    const locale = await page.evaluate(() => navigator.language);
    expect(text).toContain(formatDate(new Date(due).toISOString(), { locale }));
    await saveScreenshot(panel(), 'reminder-on', false);
    const { violations } = await new AxeBuilder({ page }).include('#results').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  it('is still on after a reload', async () => {
    const said = await onStatus().textContent();
    await page.reload();
    await page.getByTestId('result-view').waitFor({ timeout: BROWSER_WAIT_MS });
    await stop().waitFor({ timeout: BROWSER_WAIT_MS });
    expect(await onStatus().textContent()).toBe(said);
    expect(await offer().count()).toBe(0);
  });

  it('"Stop reminders" turns it off, on the server and after a reload', async () => {
    await stop().click();
    await offer().waitFor({ timeout: BROWSER_WAIT_MS });
    expect(await reminderOf(user)).toEqual({ reminder: null });
    await page.reload();
    await page.getByTestId('result-view').waitFor({ timeout: BROWSER_WAIT_MS });
    await offer().waitFor({ timeout: BROWSER_WAIT_MS });
    expect(await stop().count()).toBe(0);
    await saveScreenshot(panel(), 'reminder-off', false);
  });
});
