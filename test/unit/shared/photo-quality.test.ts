/**
 * The colour a face must have around it (shared/photo-quality.ts faceColourSpread, MIN_COLOUR_SPREAD): a colour photo of
 * a face passes, also small before a grey wall; the same photo in black and white or toned sepia does not, and a
 * signature in blue ink across a black-and-white print does not make it a colour photo. Drawn photos; the dev portraits
 * in grey are the engine test's.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DETECT_SIDE, MIN_COLOUR_SPREAD } from '#shared/capture-rules.ts';
import { faceColourSpread } from '#shared/photo-quality.ts';
import { decodePhoto, resized } from '#lambdas/analysis/photo/photo.ts';
import { rejectIfNoColour } from '#lambdas/analysis/photo/quality.ts';
import { drawnHead } from '#test/support/drawn-photos.ts';

/** the middle of the photo, where the drawn head's face is */
const FACE = { x: 0.3, y: 0.25, width: 0.4, height: 0.5 };
const detectImage = async (bytes: Uint8Array | Buffer) =>
  resized(await decodePhoto(new Uint8Array(bytes)), DETECT_SIDE);
const spreadOf = async (bytes: Uint8Array | Buffer, face = FACE) => {
  const { rgb, width, height } = await detectImage(bytes);
  const box = { x: face.x * width, y: face.y * height, width: face.width * width, height: face.height * height };
  return faceColourSpread({ data: rgb, width, height, channels: 3 }, box);
};

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

  it('a small face before a grey wall still has its colour: it is read around the face', async () => {
    const head = await sharp(await drawnHead())
      .resize(120)
      .toBuffer();
    const wall = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8c8c8c' } })
      .composite([{ input: head, left: 260, top: 180 }])
      .jpeg()
      .toBuffer();
    const { width = 0, height = 0 } = await sharp(head).metadata();
    const face = {
      x: (260 + 0.3 * width) / 640,
      y: (180 + 0.25 * height) / 480,
      width: (0.4 * width) / 640,
      height: (0.5 * height) / 480,
    };
    expect(await spreadOf(wall, face)).toBeGreaterThan(MIN_COLOUR_SPREAD);
  });

  it('refuses with its own code and message', async () => {
    const grey = await detectImage(
      await sharp(await drawnHead())
        .grayscale()
        .jpeg()
        .toBuffer(),
    );
    const box = { x: 0, y: 0, width: grey.width, height: grey.height };
    expect(() => rejectIfNoColour(grey, box)).toThrow(/black and white/);
  });
});
