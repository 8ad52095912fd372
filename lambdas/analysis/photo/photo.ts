/**
 * The photo, decoded once: hostile uploads become one predictable upright sRGB 8-bit buffer of bounded size. Every
 * other scale the engine works at is resampled from this buffer (never from a re-encoded JPEG), and the JPEGs it hands
 * back (thumbnail, overlay, the age check's input) are encoded from it.
 */
import sharp, { type Metadata } from 'sharp';
import { MAX_INPUT_PIXELS, TOO_MANY_PIXELS_MESSAGE } from '#shared/messages.ts';
import { AnalysisRejectedError } from '../errors.ts';
import type { RgbImage } from '../types.ts';

export const PHOTO_LONG_SIDE = 1024;
export const MIN_SHORT_SIDE = 64;

export type Photo = RgbImage;

function open(bytes: Uint8Array) {
  // failOn stays at sharp's default ('warning' is too strict for phone JPEGs); pages=1 keeps only the first animation frame
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, sequentialRead: true });
}

export async function decodePhoto(bytes: Uint8Array): Promise<Photo> {
  let meta: Metadata;
  try {
    meta = await open(bytes).metadata();
  } catch {
    throw new AnalysisRejectedError('undecodable');
  }
  if (!meta.width || !meta.height) throw new AnalysisRejectedError('undecodable');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new AnalysisRejectedError('undecodable', TOO_MANY_PIXELS_MESSAGE);
  }
  if (Math.min(meta.width, meta.height) < MIN_SHORT_SIDE) throw new AnalysisRejectedError('too_small');
  try {
    const { data, info } = await open(bytes)
      .rotate()
      .resize(PHOTO_LONG_SIDE, PHOTO_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
    return rgbImage(data, info);
  } catch {
    throw new AnalysisRejectedError('undecodable');
  }
}

/** sharp's raw output as an RgbImage, sharing its buffer */
const rgbImage = (data: Buffer, info: { width: number; height: number }): RgbImage => ({
  rgb: new Uint8Array(data.buffer, data.byteOffset, data.length),
  width: info.width,
  height: info.height,
});

const fromRaw = (img: RgbImage) => sharp(img.rgb, { raw: { width: img.width, height: img.height, channels: 3 } });

/** The photo fitted inside a square of the given side (the photo itself when it is already that small). */
export async function resized(photo: Photo, side: number): Promise<RgbImage> {
  if (Math.max(photo.width, photo.height) <= side) return photo;
  const { data, info } = await fromRaw(photo)
    .resize(side, side, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return rgbImage(data, info);
}

/** The image turned clockwise by a number of quarter turns (negative: anticlockwise): lossless, every pixel kept. */
export async function quarterTurned(image: RgbImage, quarters: number): Promise<RgbImage> {
  const turns = ((quarters % 4) + 4) % 4;
  if (turns === 0) return image;
  const { data, info } = await fromRaw(image)
    .rotate(90 * turns)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return rgbImage(data, info);
}

/** The whole photo stretched to side × side, as the hair model's MediaPipe graph prepares its input. */
export async function stretched(photo: Photo, side: number): Promise<RgbImage> {
  const { data, info } = await fromRaw(photo)
    .resize(side, side, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return rgbImage(data, info);
}

/** A JPEG of the photo fitted inside `side`, with an SVG drawn over it when `draw` gives one for the fitted size. */
export async function toJpeg(
  photo: Photo,
  side: number,
  quality: number,
  draw?: (width: number, height: number) => string,
): Promise<Uint8Array> {
  const small = await resized(photo, side);
  let img = fromRaw(small);
  if (draw) img = img.composite([{ input: Buffer.from(draw(small.width, small.height)), top: 0, left: 0 }]);
  return new Uint8Array(await img.jpeg({ quality }).toBuffer());
}

/** Uploads are stored as this JPEG of the decoded photo, so an analysis by uploadId decodes it once more and nothing else. */
export async function normalizePhoto(bytes: Uint8Array): Promise<{ jpeg: Uint8Array; width: number; height: number }> {
  const photo = await decodePhoto(bytes);
  return { jpeg: await toJpeg(photo, PHOTO_LONG_SIDE, 88), width: photo.width, height: photo.height };
}
