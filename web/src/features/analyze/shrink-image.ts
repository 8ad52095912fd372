/**
 * Phone photos are 3-12 MB and the API takes 5 MB (and AWS Lambda 6 MB per request once base64-encoded, 4/3 larger),
 * so a large photo is re-encoded in the browser when it is chosen, before the 5 MB check: upright, at most 2048 px on
 * the longest side (the engine works at 512 px), JPEG. The server keeps its own limit.
 */
export const REENCODE_ABOVE_BYTES = 3.5 * 1024 * 1024;
export const REENCODE_MAX_SIDE = 2048;
/** tried in turn until the JPEG is small enough (a 2048 px photo is about 1 MB at 0.9) */
export const REENCODE_QUALITIES = [0.9, 0.8, 0.7] as const;
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
 * The photo as an upright JPEG of at most 2048 px and at most `maxBytes`, or null when this browser cannot decode it
 * (no createImageBitmap, or a format it does not read, such as HEIC outside Safari).
 */
export async function reencodeAsJpeg(file: File, maxBytes: number): Promise<File | null> {
  if (typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(bitmap, 0, 0, width, height);
    for (const quality of REENCODE_QUALITIES) {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, REENCODE_TYPE, quality));
      if (blob && blob.size <= maxBytes) {
        return new File([blob], jpegName(file.name), { type: REENCODE_TYPE, lastModified: file.lastModified });
      }
    }
    return null;
  } finally {
    bitmap.close();
  }
}
