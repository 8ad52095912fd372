/**
 * Choosing a photo in Chromium, signed out: a phone photo over 5 MB is shrunk on the device and kept (uploaded) for
 * after sign-in; a text file named .jpg and a HEIC photo Chromium cannot decode are refused at once, with no upload
 * and no broken preview.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MAX_UPLOAD_BYTES } from '#shared/upload-messages.ts';
import { launchBrowser, saveScreenshot } from '../support/browser.ts';
import { drawnPhonePhoto } from '../support/drawn-photos.ts';
import { expectPath, MOBILE, rejectCookies, toastTitle } from './helpers.ts';

const stack = inject('stack');

describe('choosing a photo', () => {
  let browser: Browser;
  let page: Page;
  const apiCalls: { url: string; bytes: number }[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: MOBILE })).newPage();
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/'))
        apiCalls.push({ url: r.url(), bytes: r.postDataBuffer()?.length ?? 0 });
    });
    await page.goto(stack.webUrl);
    await rejectCookies(page);
    await page.getByRole('button', { name: 'Test My Hairline' }).click();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const choose = (name: string, mimeType: string, buffer: Buffer) =>
    page.locator('input[type=file]').first().setInputFiles({ name, mimeType, buffer });

  it('a text file renamed .jpg gets the file-type message at once: no preview, no upload', async () => {
    await choose('holiday.jpg', 'image/jpeg', Buffer.from('This is a text file, not a photo.\n'.repeat(20)));
    await toastTitle(page, 'Invalid file type').waitFor();
    await expect(page.getByAltText('Preview of the photo you chose').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Analyze' }).isDisabled()).resolves.toBe(true);
    expect(apiCalls).toEqual([]);
  });

  it('a HEIC photo this browser cannot read says how to send a JPEG', async () => {
    const heic = Buffer.alloc(4096);
    heic.write('\0\0\0\x18ftypheic', 0, 'latin1');
    await choose('IMG_0042.HEIC', 'image/heic', heic);
    await toastTitle(page, 'HEIC photos cannot be read here').waitFor();
    await expect(page.locator('li.toast-root').last().innerText()).resolves.toMatch(/send it as a JPEG/);
    expect(apiCalls).toEqual([]);
  });

  it('a 4000 × 4889 phone photo over 5 MB is shrunk on the device, then kept for after sign-in', async () => {
    const photo = await drawnPhonePhoto();
    expect(photo.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
    await choose('PXL_20261203.jpg', 'image/jpeg', photo);
    await page.getByAltText('Preview of the photo you chose').waitFor();
    await expect(toastTitle(page, 'File too large').count()).resolves.toBe(0);
    await saveScreenshot(page, 'upload-phone-photo', false);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await expectPath(page, '/auth');
    const uploads = apiCalls.filter((c) => c.url.endsWith('/api/upload'));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.bytes).toBeLessThan(MAX_UPLOAD_BYTES);
    await expect(page.evaluate(() => sessionStorage.getItem('pendingUploadId'))).resolves.toBeTruthy();
  });
});
