/** The 20-line reference baseline: share of skin-box pixels in the central 60% box of the photo (more skin = more loss). */
import sharp from 'sharp';
import { inSkinBox } from '#lambdas/analysis/offline.ts';

export async function baselineSkinShare(bytes: Uint8Array): Promise<number> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize(256, 256, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  let skin = 0,
    total = 0;
  for (let y = Math.round(0.2 * h); y < Math.round(0.8 * h); y++) {
    for (let x = Math.round(0.2 * w); x < Math.round(0.8 * w); x++) {
      const i = 3 * (y * w + x);
      const r = data[i]!,
        g = data[i + 1]!,
        b = data[i + 2]!;
      const yy = 0.299 * r + 0.587 * g + 0.114 * b;
      total++;
      if (inSkinBox(128 + 0.564 * (b - yy), 128 + 0.713 * (r - yy))) skin++;
    }
  }
  return skin / total;
}
