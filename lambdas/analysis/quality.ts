/** Photo checks that apply to every view: too dark, washed out, blurred. Thresholds lie beyond every labelled dev photo. */
import { AnalysisRejectedError } from './errors.ts';
import type { PixelMaps } from './pixels.ts';

/** median luma of the region below this: the hairline is lost in the dark */
const MIN_MEDIAN_LUMA = 35;
/** this share of the region clipped to white: skin and scalp cannot be told apart */
const MAX_CLIPPED_SHARE = 0.5;
const CLIPPED_LUMA = 250;
/** the upper decile of local texture in a face or scalp is at least this in a photo in focus */
const MIN_SHARPNESS = 0.035;

export interface QualityReading { medianLuma: number; clippedShare: number; sharpness: number }

export function readQuality(maps: PixelMaps, indices: number[]): QualityReading {
  const lumas = Float32Array.from(indices, (i) => maps.luma[i]!).sort();
  const textures = Float32Array.from(indices, (i) => maps.texture[i]!).sort();
  const clipped = indices.filter((i) => maps.luma[i]! >= CLIPPED_LUMA).length;
  return {
    medianLuma: lumas[lumas.length >> 1] ?? 0,
    clippedShare: indices.length ? clipped / indices.length : 0,
    sharpness: textures[Math.floor(0.9 * (textures.length - 1))] ?? 0,
  };
}

export function rejectPoorQuality(q: QualityReading): void {
  if (q.medianLuma < MIN_MEDIAN_LUMA) throw new AnalysisRejectedError('too_dark');
  if (q.clippedShare > MAX_CLIPPED_SHARE) throw new AnalysisRejectedError('overexposed');
  if (q.sharpness < MIN_SHARPNESS) throw new AnalysisRejectedError('blurred');
}
