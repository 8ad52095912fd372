import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AnalysisResultSchema } from '../../shared/schemas.ts';
import { AnalysisRejectedError, analyzeHairline, createLocalFaceDetector, normalizePhoto } from '../../lambdas/analysis/index.ts';

const T = 60_000;
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/hairline/${name}`, import.meta.url)));
const deps = { faceDetector: createLocalFaceDetector() };

async function rejection(bytes: Uint8Array): Promise<string | undefined> {
  try { await analyzeHairline(bytes, deps); return undefined; } catch (e) {
    if (e instanceof AnalysisRejectedError) return e.code;
    throw e;
  }
}

describe('analyzeHairline with the local models', () => {
  it('scores clearly bald heads well below full hairlines', async () => {
    const full = await Promise.all(['full-1.jpg', 'full-2.jpg'].map(async (f) => (await analyzeHairline(fixture(f), deps)).score));
    const bald = await Promise.all(['bald-1.jpg', 'bald-2.jpg'].map(async (f) => (await analyzeHairline(fixture(f), deps)).score));
    expect(Math.min(...full)).toBeGreaterThan(70);
    expect(Math.max(...bald)).toBeLessThan(30);
    expect(Math.min(...full) - Math.max(...bald)).toBeGreaterThan(40);
  }, T);

  it('reads a full-face selfie by the hair above the brows, not the face as bare scalp', async () => {
    const r = await analyzeHairline(fixture('face-1.jpg'), deps);
    expect(r.measurements.faceFound).toBe(true);
    expect(r.score).toBeGreaterThan(60);
  }, T);

  it('returns a result the API schema accepts, with small images', async () => {
    const r = await analyzeHairline(fixture('face-1.jpg'), deps);
    const { thumbnailJpeg, overlayJpeg, ...rest } = r;
    AnalysisResultSchema.parse({ ...rest, id: 'x', imageBase64: '', createdAt: '2026-01-01T00:00:00Z' });
    for (const [img, side, kb] of [[thumbnailJpeg, 384, 60], [overlayJpeg, 512, 90]] as const) {
      const meta = await sharp(img).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(side);
      expect(img.length).toBeLessThan(kb * 1024);
    }
  }, T);

  it('is deterministic: same bytes, identical JSON and thumbnail bytes', async () => {
    const a = await analyzeHairline(fixture('full-1.jpg'), deps);
    const b = await analyzeHairline(fixture('full-1.jpg'), deps);
    expect(JSON.stringify({ ...a, thumbnailJpeg: [], overlayJpeg: [] })).toBe(JSON.stringify({ ...b, thumbnailJpeg: [], overlayJpeg: [] }));
    expect(Buffer.from(a.thumbnailJpeg).equals(Buffer.from(b.thumbnailJpeg))).toBe(true);
    expect(Buffer.from(a.overlayJpeg).equals(Buffer.from(b.overlayJpeg))).toBe(true);
  }, T);

  it('rejects non-image bytes, tiny images and random noise', async () => {
    expect(await rejection(new TextEncoder().encode('definitely not a photo'))).toBe('undecodable');
    const tiny = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c08060' } }).png().toBuffer();
    expect(await rejection(new Uint8Array(tiny))).toBe('too_small');
    let s = 12345;
    const noise = Buffer.alloc(256 * 256 * 3).map(() => { s = (s * 1103515245 + 12345) >>> 0; return s >>> 24; });
    const noisePng = await sharp(noise, { raw: { width: 256, height: 256, channels: 3 } }).png().toBuffer();
    expect(await rejection(new Uint8Array(noisePng))).toBe('no_hair');
  }, T);

  it('rejects a photo with two people', async () => {
    const face = await sharp(fixture('face-1.jpg')).resize(240, 240).toBuffer();
    const two = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#808080' } })
      .composite([{ input: face, left: 40, top: 80 }, { input: face, left: 360, top: 80 }]).jpeg().toBuffer();
    expect(await rejection(new Uint8Array(two))).toBe('multiple_faces');
  }, T);

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    await expect(normalizePhoto(new Uint8Array(bomb))).rejects.toMatchObject({ code: 'undecodable' });
  }, T);

  it('converts grayscale and 16-bit input to sRGB 8-bit', async () => {
    const gray16 = await sharp(fixture('full-1.jpg')).grayscale().toColourspace('grey16').png().toBuffer();
    const n = await normalizePhoto(new Uint8Array(gray16));
    const meta = await sharp(n.jpeg).metadata();
    expect(meta.channels).toBe(3);
    expect(meta.space).toBe('srgb');
    expect(meta.depth).toBe('uchar');
  }, T);
});
