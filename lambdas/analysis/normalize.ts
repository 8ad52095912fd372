/** Decoding hostile uploads into one predictable form: upright sRGB 8-bit, no metadata, bounded size. */
import sharp, { type Metadata } from 'sharp';
import { AnalysisRejectedError } from './errors.ts';

/** Bigger inputs (decompression bombs) are refused before any pixel is decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const NORMALISED_LONG_SIDE = 1024;
export const MIN_SHORT_SIDE = 64;

export interface NormalisedPhoto { jpeg: Uint8Array; width: number; height: number }

function open(bytes: Uint8Array) {
  // failOn stays at sharp's default ('warning' is too strict for phone JPEGs); pages=1 keeps only the first animation frame
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, sequentialRead: true });
}

export async function normalizePhoto(bytes: Uint8Array): Promise<NormalisedPhoto> {
  let meta: Metadata;
  try {
    meta = await open(bytes).metadata();
  } catch {
    throw new AnalysisRejectedError('undecodable');
  }
  if (!meta.width || !meta.height) throw new AnalysisRejectedError('undecodable');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new AnalysisRejectedError('undecodable', 'This image is too large to process. Please upload a photo under 50 megapixels.');
  }
  const short = Math.min(meta.width, meta.height);
  if (short < MIN_SHORT_SIDE) throw new AnalysisRejectedError('too_small');
  try {
    const { data, info } = await open(bytes)
      .rotate()
      .resize(NORMALISED_LONG_SIDE, NORMALISED_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: new Uint8Array(data), width: info.width, height: info.height };
  } catch {
    throw new AnalysisRejectedError('undecodable');
  }
}

export interface PixelRect { left: number; top: number; width: number; height: number }

/** Raw RGB of the normalised JPEG (or of a region of it), fitted inside a square of the given side. */
export async function rawRgb(jpeg: Uint8Array, side: number, region?: PixelRect): Promise<{ rgb: Uint8Array; width: number; height: number }> {
  const img = sharp(jpeg);
  if (region) img.extract(region);
  const { data, info } = await img
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgb: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}
