import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#shared/messages.ts';
import { fitWithin, needsReencode, reencodeAsJpeg, REENCODE_ABOVE_BYTES } from '#web/features/analyze/shrink-image.ts';

const MB = 1024 * 1024;

describe('re-encoding large photos before upload', () => {
  it('re-encodes above 3.5 MB only, below the 5 MB limit that stays unchanged', () => {
    expect(REENCODE_ABOVE_BYTES).toBe(3.5 * MB);
    expect(REENCODE_ABOVE_BYTES).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(needsReencode({ size: 1 * MB })).toBe(false);
    expect(needsReencode({ size: 3.5 * MB })).toBe(false);
    expect(needsReencode({ size: 3.5 * MB + 1 })).toBe(true);
    expect(needsReencode({ size: 4.9 * MB })).toBe(true);
  });

  it('fits the longest side into 2048 px without enlarging', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3000, 6000)).toEqual({ width: 1024, height: 2048 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('a browser without createImageBitmap cannot re-encode (the caller decides)', async () => {
    const file = new File([new Uint8Array(10)], 'a.png', { type: 'image/png' });
    await expect(reencodeAsJpeg(file, MAX_UPLOAD_BYTES)).resolves.toBeNull();
  });
});
