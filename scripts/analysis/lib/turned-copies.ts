/**
 * A head seen from above has no "up": a crown photo is taken at any angle, and a bowed selfie turns with the phone. The
 * hair model's encoder is not indifferent to that (a crown photo turned by a quarter ranked ρ 0.63-0.67 against its
 * label, unturned 0.75, dev grouped CV, 2026-11-28), so the above model is fitted on each photo and on its copies turned
 * by a quarter, a half and three quarters. The copies only ever train: out-of-fold figures are read on the photos as
 * they are, and on the turned copies of held-out photos (`eval:hairline`).
 */
import sharp from 'sharp';
import type { AnalysisDeps, NamedFeatures } from '#lambdas/analysis/offline.ts';
import { aboveFeaturesOf } from './copy-features.ts';

const QUARTER_TURNS = [90, 180, 270] as const;

/**
 * The above model's features of the photo turned by each quarter turn (lossless, after its EXIF orientation), for the
 * turns the engine still reads as a view from above; a turn it refuses or reads as a front face is left out.
 */
export async function turnedCopies(bytes: Uint8Array, deps: AnalysisDeps): Promise<NamedFeatures[]> {
  const upright = await sharp(bytes).rotate().png().toBuffer();
  const out: NamedFeatures[] = [];
  for (const turn of QUARTER_TURNS) {
    const turned = new Uint8Array(await sharp(upright).rotate(turn).png().toBuffer());
    const features = await aboveFeaturesOf(turned, deps);
    if (features) out.push(features);
  }
  return out;
}
