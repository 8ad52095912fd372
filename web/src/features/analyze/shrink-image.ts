/**
 * AWS Lambda takes at most 6 MB per request and API Gateway base64-encodes binary bodies (4/3 larger), so a photo
 * above ~4 MB fails in AWS although the app accepts 5 MB. Larger photos are re-encoded in the browser first.
 */
export const REENCODE_ABOVE_BYTES = 3.5 * 1024 * 1024;
export const REENCODE_MAX_SIDE = 2048;
export const REENCODE_QUALITY = 0.9;
export const REENCODE_TYPE = 'image/jpeg';

export function needsReencode(file: { size: number }): boolean {
  return file.size > REENCODE_ABOVE_BYTES;
}

/** The size that fits the longest side into `maxSide`, never enlarging. */
export function fitWithin(
  width: number,
  height: number,
  maxSide = REENCODE_MAX_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function jpegName(name: string): string {
  const base = (name || 'photo').replace(/\.[^./\\]+$/, '');
  return `${base}.jpg`;
}

/**
 * The photo to send: as chosen when small enough, else upright (EXIF orientation applied), at most 2048 px on the
 * longest side, JPEG quality 0.9. Any failure (old browser, undecodable file) sends the original: the server decides.
 */
export async function prepareForUpload(file: File): Promise<File> {
  if (!needsReencode(file) || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) {
      bitmap.close();
      return file;
    }
    ctx.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, REENCODE_TYPE, REENCODE_QUALITY));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: REENCODE_TYPE, lastModified: file.lastModified });
  } catch (error) {
    console.warn('could not shrink the photo; sending it as it is', error);
    return file;
  }
}
