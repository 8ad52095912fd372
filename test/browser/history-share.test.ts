import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AnalysisResultSchema, type AnalysisResult } from '#shared/schemas.ts';
import { api } from '../support/api.ts';
import { launchBrowser, saveScreenshot, BROWSER_WAIT_MS } from '../support/browser.ts';

import {
  datasetsPresent,
  modelsPresent,
  readDatasetPhotos,
  requireDatasets,
  requireModels,
} from '../support/dataset-photos.ts';
import { type TestUser, userWithCredits } from '../support/users.ts';
import { imageForm, itIsMe } from '../integration/api-support.ts';
import { DESKTOP, expectPath, rejectCookies, signInThroughUi, toastTitle, untilStill } from './helpers.ts';

const stack = inject('stack');

/** The first of six photos of a Norwood group the engine accepts (refusals cost nothing); the dev sets are there. */
async function analyzeFirstAccepted(token: string, label: number): Promise<AnalysisResult> {
  for (const { file, bytes } of await readDatasetPhotos({ set: 'norwood-groups', label, count: 6 })) {
    const res = await api(stack, '/api/analyze-hairline', { method: 'POST', token, body: imageForm(bytes) });
    // the owner's own photo: "yes" to "Is this you?", and the rating as it then reads, with its progress
    if (res.status === 200) return itIsMe(stack, token, AnalysisResultSchema.parse(res.json).id);
    expect(res.status, `${file}: ${res.text}`).toBe(422);
  }
  throw new Error(`the engine refused every Norwood ${label} photo tried`);
}

/** No serious or critical axe (WCAG 2.1 AA) violations on the page as it is now. */
async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** A fresh, signed-out browser context (its own storage). */
async function visitorPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'rejected'));
  return { context, page: await context.newPage() };
}

describe('history, progress, sharing, comparing and the data export', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let owner: TestUser;
  let older: AnalysisResult;
  let newer: AnalysisResult;
  let shareId = '';

  // the tests share the analyses made here, from dev photos with the model files: without them, none runs
  beforeEach((ctx) => {
    requireModels(ctx);
    requireDatasets(ctx);
  });

  beforeAll(async () => {
    if (!modelsPresent() || !datasetsPresent()) return;
    owner = await userWithCredits(stack, 4, 'history');
    older = await analyzeFirstAccepted(owner.idToken, 1);
    newer = await analyzeFirstAccepted(owner.idToken, 4);
    expect(newer.progress?.previousId).toBe(older.id);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.webUrl });
    page = await context.newPage();
    await page.goto(stack.webUrl);
    await rejectCookies(page);
    await signInThroughUi(page, stack, owner);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the header links History; /history lists both analyses with the chart and a metric selector', async () => {
    await page.getByRole('link', { name: 'History', exact: true }).click();
    await expectPath(page, '/history');
    const items = page.getByTestId('history-item');
    await items.nth(1).waitFor();
    await expect(items.count()).resolves.toBe(2);
    await expect(items.nth(0).textContent()).resolves.toContain(String(newer.score));
    await expect(items.nth(0).textContent()).resolves.toContain(newer.rating);
    await expect(items.nth(0).locator('img').getAttribute('src')).resolves.toMatch(/^data:image\/jpeg;base64,/);
    // one mark per analysis: the newer is the latest, the older says whether it compares with it (as the API did)
    const marks = page.getByTestId('history-chart-mark');
    await marks.nth(1).waitFor();
    const older = newer.progress?.comparable === true ? 'comparable' : 'incomparable';
    await expect(marks.evaluateAll((gs) => gs.map((g) => g.getAttribute('data-mark')))).resolves.toEqual([
      older,
      'latest',
    ]);
    await expect(page.getByTestId('history-chart-legend').textContent()).resolves.toContain('Latest');
    await page.getByLabel('Show').selectOption({ label: 'Density' });
    await expect(page.getByTestId('history-chart').getAttribute('aria-label')).resolves.toBe(
      `Density over time, 2 analyses; 1 ${older === 'comparable' ? 'comparable' : 'not comparable'} with the latest`,
    );
    await page.getByLabel('Show').selectOption('score');
    await untilStill(page.getByTestId('history-chart'));
    await saveScreenshot(page, 'history');
    await expectAccessible(page);
  });

  it('opens the newer analysis with its full result and the progress since the older one (or why there is none)', async () => {
    await page.getByTestId('history-item').nth(0).getByRole('link').click();
    await expectPath(page, `/history/${newer.id}`);
    await page.getByTestId('result-view').waitFor();
    await expect(page.getByTestId('result-rating').textContent()).resolves.toBe(newer.rating);
    if (newer.progress?.comparable === false) {
      // two photos taken too differently to compare (issue #27): no delta, and the result says so plainly
      await expect(page.getByTestId('progress-incomparable').textContent()).resolves.toContain(
        'Not comparable with last time:',
      );
      expect(await page.getByTestId('progress-score').count()).toBe(0);
    } else {
      const delta = newer.score - older.score;
      const sign = delta > 0 ? '+' : delta < 0 ? '\u2212' : '±';
      await expect(page.getByTestId('progress-score').textContent()).resolves.toMatch(
        new RegExp(`^\\${sign}${Math.abs(delta)} since \\d{1,2} [A-Z][a-z]{2}`),
      );
      await expect(page.getByTestId('progress-summary').getAttribute('data-trend')).resolves.toBe(
        delta > 0 ? 'up' : delta < 0 ? 'down' : 'same',
      );
    }
    await saveScreenshot(page, 'history-detail');
    await expectAccessible(page);
  });

  it('shares it: the public page shows the name and score but never the e-mail or the photo', async () => {
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this result' });
    await dialog.waitFor();
    await expect(dialog.getByLabel('Show my name').isChecked()).resolves.toBe(true);
    await expect(dialog.getByLabel('Include my photo').isChecked()).resolves.toBe(false);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create share link' }).click();
    const link = await dialog.getByTestId('share-link').inputValue();
    expect(link).toMatch(new RegExp(`^${stack.webUrl}/r/[A-Za-z0-9_-]{22}$`));
    shareId = link.split('/r/')[1]!;
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(link);

    const apiView = await api(stack, `/api/shares/${shareId}`);
    expect(apiView.status).toBe(200);
    expect(apiView.json.displayName).toBe(owner.username);
    expect(apiView.json).not.toHaveProperty('imageBase64');
    expect(apiView.text).not.toContain(owner.email);

    const visitor = await visitorPage(browser);
    await visitor.page.goto(link);
    await expect(visitor.page.getByTestId('shared-name').textContent()).resolves.toBe(owner.username);
    await expect(visitor.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      `${owner.username} scored ${newer.score}`,
    );
    await visitor.page.getByTestId('metrics-radar').waitFor();
    await expect(visitor.page.getByTestId('shared-photo').count()).resolves.toBe(0);
    const html = await visitor.page.content();
    expect(html).not.toContain('data:image');
    expect(html).not.toContain(owner.email);
    await expect(visitor.page.locator('meta[property="og:title"]').first().getAttribute('content')).resolves.toContain(
      `${owner.username} scored ${newer.score}`,
    );
    await untilStill(visitor.page.getByTestId('metrics-radar'));
    await saveScreenshot(visitor.page, 'share-page');
    await expectAccessible(visitor.page);

    // with the photo included, the same link shows it
    await dialog.getByLabel('Include my photo').check();
    await dialog.getByRole('button', { name: 'Update link' }).click();
    await expect
      .poll(async () => (await api(stack, `/api/shares/${shareId}`)).json?.imageBase64 !== undefined, {
        timeout: BROWSER_WAIT_MS,
      })
      .toBe(true);
    await visitor.page.reload();
    await visitor.page.getByTestId('shared-photo').waitFor();

    // revoked: the page says so and the API answers 404
    await dialog.getByRole('button', { name: 'Stop sharing' }).click();
    await dialog.getByText('Sharing stopped: the link no longer works.').waitFor();
    expect((await api(stack, `/api/shares/${shareId}`)).status).toBe(404);
    await visitor.page.reload();
    await visitor.page.getByRole('heading', { name: 'This share link was removed or never existed' }).waitFor();
    await visitor.context.close();
    // closed by its own button: Escape goes to the topmost layer, which is the "copied" toast for as long as it shows
    // (its timer pauses while the window is not focused), and then leaves the dialog open
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('/compare shows two shared ratings side by side with a winner', async () => {
    const a = await api(stack, `/api/ratings/${older.id}/share`, { method: 'POST', token: owner.idToken, body: {} });
    const b = await api(stack, `/api/ratings/${newer.id}/share`, {
      method: 'POST',
      token: owner.idToken,
      body: { anonymous: true },
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    const visitor = await visitorPage(browser);
    await visitor.page.goto(`${stack.webUrl}/compare?a=${a.json.shareId}&b=${b.json.shareId}`);
    const overall = visitor.page.getByTestId('compare-overall');
    await overall.waitFor();
    const expected =
      older.score === newer.score
        ? "It's a tie"
        : older.score > newer.score
          ? `${owner.username} wins`
          : 'Anonymous wins';
    await expect(overall.textContent()).resolves.toBe(expected);
    await expect(visitor.page.getByTestId('compare-side').count()).resolves.toBe(2);
    await expect(visitor.page.getByTestId('compare-table').locator('tbody tr').count()).resolves.toBe(6);
    await saveScreenshot(visitor.page, 'compare');
    await expectAccessible(visitor.page);
    await visitor.page.goto(`${stack.webUrl}/compare?a=${a.json.shareId}`);
    await visitor.page.getByText('This comparison link is incomplete or invalid.').waitFor();
    await visitor.context.close();
  });

  it('challenge a friend: the link is copied; the friend sees the banner, keeps it across pages and can compare', async () => {
    await page.goto(`${stack.webUrl}/history/${older.id}`);
    await page.getByRole('button', { name: 'Challenge a friend' }).click();
    await toastTitle(page, 'Challenge link copied').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${stack.webUrl}/\\?challenge=[A-Za-z0-9_-]{22}$`));
    const challengeId = link.split('challenge=')[1]!;

    const friend = await userWithCredits(stack, 1, 'friend');
    const friendRating = await analyzeFirstAccepted(friend.idToken, 1);
    const visitor = await visitorPage(browser);
    await visitor.page.goto(link);
    const banner = visitor.page.getByTestId('challenge-banner');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain(`${owner.username} scored ${older.score}. Can you beat it?`);
    await expect(visitor.page.evaluate(() => sessionStorage.getItem('challengeShareId'))).resolves.toBe(challengeId);
    // the sign-in detour keeps the challenge
    await signInThroughUi(visitor.page, stack, friend);
    await visitor.page.goto(`${stack.webUrl}/`);
    await banner.waitFor();
    await visitor.page.goto(`${stack.webUrl}/history/${friendRating.id}`);
    await visitor.page.getByRole('button', { name: `Compare with ${owner.username}` }).click();
    await expectPath(visitor.page, new RegExp(`^/compare\\?a=${challengeId}&b=[A-Za-z0-9_-]{22}$`));
    await visitor.page.getByTestId('compare-overall').waitFor();
    await visitor.context.close();
  });

  it('"Download my data" saves a JSON file with the profile and the ratings', async () => {
    await page.goto(`${stack.webUrl}/history`);
    await page.getByTestId('history-item').nth(1).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^hairline-rater-export-\d{4}-\d{2}-\d{2}\.json$/);
    const body = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(body.profile.username).toBe(owner.username);
    expect(body.profile.email).toBe(owner.email);
    expect(body.ratings.map((r: { id: string }) => r.id).sort()).toEqual([older.id, newer.id].sort());
  });

  it('deletes one analysis after confirming: the list shrinks', async () => {
    const items = page.getByTestId('history-item');
    await items
      .nth(1)
      .getByRole('button', { name: /^Delete the analysis of/ })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this analysis?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete analysis' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => items.count(), { timeout: BROWSER_WAIT_MS }).toBe(1);
    await expect(items.nth(0).textContent()).resolves.toContain(newer.rating);
    expect((await api(stack, `/api/ratings/${older.id}`, { token: owner.idToken })).status).toBe(404);
  });
});
