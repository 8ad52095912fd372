/**
 * The hair model's reference maps (`<MODELS_DIR>/mediapipe-hair-segmentation/reference/`, made by the publisher's own
 * runtime): a photo prepared as the reference was, and a reference decision map. Read by the hair mask's test and
 * `npm run bench:hair-mask`.
 */
import sharp from 'sharp';

const SIDE = 512;

/** the photo (a path or its bytes) EXIF-rotated, in sRGB without alpha, stretched to 512×512 by sharp's default kernel */
export async function asReferenceInput(
  photo: string | Uint8Array,
): Promise<{ rgb: Uint8Array; width: number; height: number }> {
  const rgb = await sharp(photo)
    .rotate()
    .removeAlpha()
    .toColorspace('srgb')
    .resize(SIDE, SIDE, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { rgb: new Uint8Array(rgb), width: SIDE, height: SIDE };
}

/** a reference decision map: one byte per pixel of the 512×512 input, over 127 where the model said hair */
export async function referenceDecisions(png: string): Promise<Buffer> {
  return sharp(png).greyscale().raw().toBuffer();
}
