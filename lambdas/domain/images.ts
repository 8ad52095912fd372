/** Keeps stored JPEGs small: re-encodes at lower quality / size until they fit a byte budget. */
import sharp, { type Metadata } from 'sharp';
import { MAX_INPUT_PIXELS } from '#shared/messages.ts';

const STEPS: { quality: number; maxSide?: number }[] = [
  { quality: 80 },
  { quality: 70, maxSide: 640 },
  { quality: 60, maxSide: 480 },
  { quality: 50, maxSide: 384 },
  { quality: 45, maxSide: 320 },
  { quality: 40, maxSide: 256 },
];

export async function reencodeJpeg(bytes: Uint8Array, quality: number, maxSide?: number): Promise<Uint8Array> {
  let img = sharp(bytes, { failOn: 'none' }).rotate();
  if (maxSide) img = img.resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
  return new Uint8Array(await img.jpeg({ quality, mozjpeg: true }).toBuffer());
}

/** Returns the JPEG unchanged when it fits, else the first smaller encoding that does; throws when none does. */
export async function fitJpeg(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  if (bytes.byteLength <= maxBytes) return bytes;
  for (const step of STEPS) {
    const out = await reencodeJpeg(bytes, step.quality, step.maxSide);
    if (out.byteLength <= maxBytes) return out;
  }
  throw new Error(`image does not fit in ${maxBytes} bytes`);
}

/** Fits two JPEGs into one budget together (thumbnail and overlay of a rating). */
export async function fitPair(a: Uint8Array, b: Uint8Array, maxTotal: number): Promise<[Uint8Array, Uint8Array]> {
  if (a.byteLength + b.byteLength < maxTotal) return [a, b];
  const half = Math.floor(maxTotal / 2) - 1;
  const [fa, fb] = await Promise.all([fitJpeg(a, half), fitJpeg(b, half)]);
  if (fa.byteLength + fb.byteLength >= maxTotal) throw new Error('rating images exceed their budget');
  return [fa, fb];
}

/** Longest side accepted, and the most elongated shape (a photo of a head is never a 1:10 strip). */
export const MAX_INPUT_SIDE = 16_384;
export const MAX_ASPECT_RATIO = 8;

/**
 * Reads only the header: 'ok' when the declared size is within budget (or the header is unreadable: the decoder will
 * judge), else why not.
 */
export async function pixelBudgetVerdict(bytes: Uint8Array): Promise<'ok' | 'too_many_pixels' | 'bad_shape'> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return 'ok';
  }
  const { width, height } = meta;
  if (!width || !height) return 'ok';
  if (width * height > MAX_INPUT_PIXELS) return 'too_many_pixels';
  if (width > MAX_INPUT_SIDE || height > MAX_INPUT_SIDE) return 'bad_shape';
  if (Math.max(width, height) / Math.min(width, height) > MAX_ASPECT_RATIO) return 'bad_shape';
  return 'ok';
}
