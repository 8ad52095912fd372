/**
 * Photo checks that apply to every view, on the whole photo at the front path's working size: too dark, washed out,
 * blurred. Each threshold lies beyond every labelled dev photo (darkest: 95th-percentile luma 133; softest: 99th-percentile
 * Laplacian 7.0), so only photos clearly worse than any of them are refused.
 */
import { AnalysisRejectedError } from './errors.ts';
import { luma as lumaOf, type RgbImage } from './pixels.ts';

/** the brightest 5% of the photo darker than this: nothing in it is lit */
const MIN_BRIGHT_LUMA = 50;
/** this share of the photo clipped to white: skin and scalp cannot be told apart */
const MAX_CLIPPED_SHARE = 0.5;
const CLIPPED_LUMA = 250;
/** the strongest 1% of fine detail (|Laplacian| of luma) weaker than this: out of focus or shaken */
const MIN_DETAIL = 5;

export interface QualityReading {
  brightLuma: number;
  clippedShare: number;
  detail: number;
}

export function readQuality({ rgb, width, height }: RgbImage): QualityReading {
  const n = width * height;
  const luma = new Float32Array(n);
  let clipped = 0;
  for (let i = 0; i < n; i++) {
    luma[i] = lumaOf(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!);
    if (luma[i]! >= CLIPPED_LUMA) clipped++;
  }
  const lap = new Float32Array((width - 2) * (height - 2));
  let k = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      lap[k++] = Math.abs(4 * luma[i]! - luma[i - 1]! - luma[i + 1]! - luma[i - width]! - luma[i + width]!);
    }
  }
  return { brightLuma: quantile(luma, 0.95), clippedShare: n ? clipped / n : 0, detail: quantile(lap, 0.99) };
}

export function rejectPoorQuality(q: QualityReading): void {
  if (q.brightLuma < MIN_BRIGHT_LUMA) throw new AnalysisRejectedError('too_dark');
  if (q.clippedShare > MAX_CLIPPED_SHARE) throw new AnalysisRejectedError('overexposed');
  if (q.detail < MIN_DETAIL) throw new AnalysisRejectedError('blurred');
}

/** the value at rank floor(p·(n−1)), as a full sort would give it, found by quickselect in linear time */
export function quantile(values: Float32Array, p: number): number {
  if (values.length === 0) return 0;
  const a = Float32Array.from(values);
  const k = Math.floor(p * (a.length - 1));
  let lo = 0,
    hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo,
      j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k]!;
}
