/**
 * A result on a phone, in Chromium: the summary (score, label, verdict, stage, the next step) fits the first screen
 * of a 390 × 844 phone, the details are closed below it, and the radar chart's labels stay inside the chart at 360
 * and 390 px. The result is a stored one (as the app keeps the last result), so no analysis runs.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { analysisResult } from '../support/ratings.ts';
import { launchBrowser, saveScreenshot } from '../support/browser.ts';
import { rejectCookies, untilStill } from './helpers.ts';

const stack = inject('stack');

async function phoneWithResult(browser: Browser, width: number): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 844 } })).newPage();
  const result = analysisResult({ id: 'phone-result', score: 68, rating: 'W Rizz', norwoodStage: 2 });
  await page.addInitScript((stored) => {
    localStorage.setItem('lastRatingId', 'phone-result');
    localStorage.setItem('lastAnalysisResult', stored);
  }, JSON.stringify(result));
  await page.goto(stack.webUrl);
  await rejectCookies(page);
  await page.getByTestId('result-view').waitFor();
  await page.locator('#results').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  return page;
}

describe('a result on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('at 390 px the first screen holds the score, label, verdict, stage and next step; the details are closed', async () => {
    const page = await phoneWithResult(browser, 390);
    const summary = page.getByTestId('result-summary');
    // from the top of the results (where the app scrolls after an analysis) to the summary's end, under the header
    const { fromTop, header } = await page.evaluate(() => ({
      fromTop:
        document.querySelector('[data-testid=result-summary]')!.getBoundingClientRect().bottom -
        document.getElementById('results')!.getBoundingClientRect().top,
      header: document.querySelector('header')!.getBoundingClientRect().height,
    }));
    expect(fromTop + header).toBeLessThanOrEqual(844);
    await page.locator('#results').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    for (const id of ['score-badge', 'result-rating', 'hairline-verdict', 'result-stage', 'next-step']) {
      await expect(summary.getByTestId(id).isVisible(), id).resolves.toBe(true);
    }
    await expect(page.locator('#results details[open]').count()).resolves.toBe(0);
    await expect(page.getByTestId('result-photo').isVisible()).resolves.toBe(false);
    // what the phone shows once the app has scrolled to the results
    const top = await page.evaluate(
      () => window.scrollY + document.getElementById('results')!.getBoundingClientRect().top,
    );
    await page.screenshot({
      path: await saveScreenshot(page, 'result-phone-390-first-screen', false),
      fullPage: true,
      clip: { x: 0, y: Math.max(0, top - header), width: 390, height: 844 },
    });
  });

  for (const width of [360, 390]) {
    it(`at ${width} px the radar chart's labels are not cut`, async () => {
      const page = await phoneWithResult(browser, width);
      await page.getByText('Your six metrics').click();
      const radar = page.getByTestId('metrics-radar');
      await radar.locator('svg').first().waitFor();
      await untilStill(radar);
      const clipped = await radar.evaluate((el) => {
        const svg = el.querySelector('svg')!.getBoundingClientRect();
        return [...el.querySelectorAll('text')]
          .map((t) => ({ text: t.textContent, box: t.getBoundingClientRect() }))
          .filter(({ box }) => box.left < svg.left - 0.5 || box.right > svg.right + 0.5)
          .map(({ text }) => text);
      });
      expect(clipped).toEqual([]);
      await saveScreenshot(radar, `result-radar-${width}`);
    });
  }
});
