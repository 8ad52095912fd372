/**
 * The colour spread a face photo must reach (shared/photo-quality.ts colourSpread, MIN_COLOUR_SPREAD): a colour photo of
 * a face passes, the same photo in black and white or toned sepia does not, and a signature in blue ink across a
 * black-and-white print does not make it a colour photo. Drawn photos; the dev portraits in grey are the engine test's.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MIN_COLOUR_SPREAD, QUALITY_SIDE } from '#shared/capture-rules.ts';
import { decodePhoto, resized } from '#lambdas/analysis/photo/photo.ts';
import { readQuality, rejectIfNoColour } from '#lambdas/analysis/photo/quality.ts';
import { drawnHead } from '#test/support/drawn-photos.ts';

const spreadOf = async (bytes: Uint8Array | Buffer) =>
  readQuality(await resized(await decodePhoto(new Uint8Array(bytes)), QUALITY_SIDE)).colourSpread;

/** a sepia print: each pixel's luma in a warm tint */
const sepia = (bytes: Uint8Array) =>
  sharp(bytes)
    .grayscale()
    .toColourspace('srgb')
    .recomb([
      [1.07, 0, 0],
      [0, 0.95, 0],
      [0, 0, 0.78],
    ])
    .jpeg()
    .toBuffer();

/** a stroke of blue ink across the lower part of the photo (a signature), about 3 % of its pixels */
const signed = async (bytes: Uint8Array | Buffer) => {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const ink = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M ${width * 0.1} ${height * 0.85} C ${width * 0.4} ${height * 0.7}, ${width * 0.6} ${height}, ${width * 0.9} ${height * 0.8}" stroke="rgb(30,60,200)" stroke-width="${Math.round(width / 40)}" fill="none"/></svg>`;
  return sharp(bytes)
    .composite([{ input: Buffer.from(ink) }])
    .jpeg()
    .toBuffer();
};

describe('colour spread', () => {
  it('a drawn head in colour passes; in grey, in sepia or signed in blue ink it is refused as black and white', async () => {
    const colour = await drawnHead();
    const grey = await sharp(colour).grayscale().toColourspace('srgb').jpeg().toBuffer();
    expect(await spreadOf(colour)).toBeGreaterThan(MIN_COLOUR_SPREAD);
    expect(await spreadOf(grey)).toBeLessThan(1);
    expect(await spreadOf(await sepia(colour))).toBeLessThan(MIN_COLOUR_SPREAD);
    // the ink alone would spread the colours of a grey print past the bar by a standard deviation, not by the percentile
    expect(await spreadOf(await signed(grey))).toBeLessThan(MIN_COLOUR_SPREAD);
  });

  it('refuses with its own code and message', () => {
    const reading = { brightLuma: 180, clippedShare: 0, detail: 30, meanLuma: 120 };
    expect(() => rejectIfNoColour({ ...reading, colourSpread: MIN_COLOUR_SPREAD - 0.1 })).toThrow(/black and white/);
    expect(() => rejectIfNoColour({ ...reading, colourSpread: MIN_COLOUR_SPREAD })).not.toThrow();
  });
});
