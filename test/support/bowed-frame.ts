/**
 * A camera frame of a head bowed far down, as a phone held above it sees it: the dev bowed selfie `bowed-2`
 * (test/support/dataset-photos.ts, given by the caller) without its lower quarter, so the chin is out of the frame. The general detector
 * misses the face on it; the server's tipped-face search finds it and reads the photo as `bowed`.
 */
import sharp from 'sharp';

/** the share of the photo's height kept, from the top: 448 × 336, the camera's own 4:3 */
const KEEP = 0.75;

/** the frame at `width` × `height` (4:3), as raw RGB */
export async function bowedFrame(bowed: Buffer, width: number, height: number): Promise<Buffer> {
  const { width: w = 0, height: h = 0 } = await sharp(bowed).metadata();
  const crop = await sharp(bowed)
    .extract({ left: 0, top: 0, width: w, height: Math.round(h * KEEP) })
    .toBuffer();
  return sharp(crop).resize(width, height, { fit: 'cover' }).removeAlpha().raw().toBuffer();
}

/** the same frame as a JPEG, as the camera dialog would upload it */
export async function bowedFrameJpeg(bowed: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(await bowedFrame(bowed, width, height), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}
