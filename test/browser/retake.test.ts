/**
 * Retake like last time in real Chromium with its fake camera (issue #27). The user's last rating is of a portrait filling
 * the camera's frame; the camera then shows the same portrait smaller (further away), then filling the frame again.
 * Opened from the result's "Retake like last time" link, the camera draws last photo's outline and asks to match last
 * time until the frame does, then opens the shutter; the result says the two are comparable. A rating of the smaller
 * frame is not: its page says which condition differed and offers the retake, and the history list and chart mark the
 * others.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { COMPARABLE_SENTENCE, RETAKE_LABEL } from '#shared/comparable.ts';
import type { AnalysisResult } from '#shared/schemas.ts';
import { HEIGHT, WIDTH, i420, launchWithCamera, writeY4m } from '#test/support/fake-camera.ts';
import { saveScreenshot } from '../support/browser.ts';
import { type TestUser, userWithCredits } from '../support/users.ts';
import { analyzedOk, itIsMe } from '../integration/api-support.ts';
import { IDENTITY_TEXTS } from '#web/features/results/identity-texts.ts';
import { signedInTab } from './helpers.ts';
import { eachTestNeedsPhotosAndModels, photosAndModelsPresent, readNamedPhoto } from '../support/dataset-photos.ts';

const stack = inject('stack');
/** a head-and-shoulders portrait from the front, read once from the dev sets (the tests skip without them) */
let portraitBytes: Buffer;
const portrait = () => portraitBytes;
/** seconds of each phase of the camera's file (Chromium loops it) */
const FAR_SECONDS = 8,
  CLOSE_SECONDS = 60;
/** the far frame: the portrait this much smaller, well outside the size tolerance, still large enough to measure */
const FAR = 0.6;

const raw = (img: ReturnType<typeof sharp>) => img.removeAlpha().raw().toBuffer();
const jpeg = (rgb: Buffer) =>
  sharp(rgb, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();

const analyze = (user: TestUser, bytes: Buffer): Promise<AnalysisResult> => analyzedOk(stack, user, bytes);

const showsInstruction = (page: Page, text: string) =>
  page.waitForFunction((t) => document.querySelector('[data-testid=camera-instruction]')?.textContent === t, text, {
    timeout: 120_000,
    polling: 50,
  });

describe('retake like last time', () => {
  let browser: Browser;
  let page: Page;
  let dir: string;
  let user: TestUser;
  let farFrame: Buffer;
  let last: AnalysisResult;

  eachTestNeedsPhotosAndModels();
  beforeAll(async () => {
    if (!photosAndModelsPresent()) return;
    portraitBytes = await readNamedPhoto('portrait-full-1');
    dir = mkdtempSync(join(tmpdir(), 'camera-retake-'));
    const close = await raw(sharp(portrait()).resize(WIDTH, HEIGHT, { fit: 'contain', background: '#777' }));
    const small = await sharp(portrait())
      .resize(Math.round(WIDTH * FAR), Math.round(HEIGHT * FAR), { fit: 'contain', background: '#777' })
      .png()
      .toBuffer();
    farFrame = await raw(
      sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#777' } }).composite([
        { input: small, left: Math.round((WIDTH * (1 - FAR)) / 2), top: Math.round((HEIGHT * (1 - FAR)) / 2) },
      ]),
    );
    const video = join(dir, 'camera.y4m');
    // one frame a second: the far phase short, the close one long, so the shutter's frame is still the close one
    writeY4m(
      video,
      [...Array<Buffer>(FAR_SECONDS).fill(i420(farFrame)), ...Array<Buffer>(CLOSE_SECONDS).fill(i420(close))],
      1,
    );

    user = await userWithCredits(stack, 3, 'retake');
    // the user's own photo ("yes" to "Is this you?"): the guided retake takes last time from their own photos only
    last = await itIsMe(stack, user.idToken, (await analyze(user, await jpeg(close))).id);
    expect(last.captureConditions?.view).toBe('front');

    browser = await launchWithCamera(video);
    page = await signedInTab(browser, stack, user);
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('guided: last photo\'s outline, "match last time" until the frame matches, then the shutter; the result is comparable', async () => {
    await page.goto(`${stack.webUrl}/?retake=face`);
    await page.getByTestId('retake-outline').waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: RETAKE_LABEL }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('face-oval-guide').count()).toBe(0);

    const seen = new Set<string>();
    await page.exposeFunction('seenInstruction', (t: string) => seen.add(t));
    await page.evaluate(() => {
      const el = document.querySelector('[data-testid=camera-instruction]')!;
      const report = () =>
        (window as unknown as { seenInstruction: (t: string) => void }).seenInstruction(el.textContent ?? '');
      new MutationObserver(report).observe(el, { childList: true, characterData: true, subtree: true });
    });
    // the far frame passes every rule the server refuses on, but not last time's face size
    await showsInstruction(page, 'Move closer to match last time');
    const capture = page.getByRole('button', { name: 'Capture' });
    expect(await capture.isDisabled()).toBe(true);
    await saveScreenshot(page, 'retake-match-last-time', false);

    // the close frame is last time's: the shutter opens
    await showsInstruction(page, 'Matches last time: press Capture').finally(() =>
      console.log('retake instructions seen:', [...seen]),
    );
    await capture.click();
    await saveScreenshot(page, 'retake-captured', false);
    // without progress tracking the result asks first; the answer brings the progress
    const yes = page.getByRole('button', { name: IDENTITY_TEXTS.yes });
    await yes.waitFor({ timeout: 120_000 });
    await yes.click();
    const note = page.getByTestId('progress-comparable');
    await note.waitFor({ timeout: 120_000 });
    expect(await note.textContent()).toBe(COMPARABLE_SENTENCE);
    await saveScreenshot(page, 'retake-result-comparable');
  }, 300_000);

  it('a photo taken further away: its result says so and offers the retake; history marks the others', async () => {
    const far = await itIsMe(stack, user.idToken, (await analyze(user, await jpeg(farFrame))).id);
    expect(far.progress?.comparable).toBe(false);

    await page.goto(`${stack.webUrl}/history/${far.id}`);
    const note = page.getByTestId('progress-incomparable');
    await note.waitFor({ timeout: 60_000 });
    expect(await note.textContent()).toContain('Not comparable with last time: you were further from the camera');
    expect(await note.getByRole('link', { name: RETAKE_LABEL }).getAttribute('href')).toBe('/?retake=face#analyze');
    await saveScreenshot(page, 'retake-result-incomparable');

    await page.goto(`${stack.webUrl}/history`);
    const marks = page.getByTestId('history-comparable');
    await marks.first().waitFor({ timeout: 60_000 });
    // the two close photos against the latest (the far one)
    expect(await marks.count()).toBe(2);
    for (const text of await marks.allTextContents())
      expect(text).toContain('not comparable with the latest: you were closer to the camera');
    // the chart marks the same points by shape, oldest first, and its legend and label say what the marks mean
    const chartMarks = page.getByTestId('history-chart-mark');
    await chartMarks.nth(2).waitFor({ timeout: 60_000 });
    await expect(chartMarks.evaluateAll((gs) => gs.map((g) => g.getAttribute('data-mark')))).resolves.toEqual([
      'incomparable',
      'incomparable',
      'latest',
    ]);
    await expect(page.getByTestId('history-chart').getAttribute('aria-label')).resolves.toMatch(
      /; 2 not comparable with the latest$/,
    );
    await expect(page.getByTestId('history-chart-legend').textContent()).resolves.toContain(
      'Not comparable with the latest',
    );
    await saveScreenshot(page, 'retake-history');
  });
});
