/**
 * The photo-quality reading the server refuses on (lambdas/analysis/photo/quality.ts) and the camera's live guidance checks
 * (web/src/features/analyze): one formula, so a frame the guidance passes reads the same on the server.
 */
import { CLIPPED_LUMA, LIT_LUMA } from './capture-rules.ts';
import { quantile } from './statistics.ts';

/** Interleaved pixels: RGB from the server's decoder, RGBA from a canvas (read in place, nothing copied). */
export interface Pixels {
  data: ArrayLike<number>;
  width: number;
  height: number;
  channels: 3 | 4;
}

export interface QualityReading {
  /** the brightest 5 % of luma */
  brightLuma: number;
  /** the share of pixels clipped to white */
  clippedShare: number;
  /**
   * the strongest 1 % of |Laplacian| of luma, read as if the photo were lit to LIT_LUMA: a dim photo's edges are as much
   * weaker as its light, so a sharp photo in poor light is refused as dark or not at all, never as blurred
   */
  detail: number;
  /** mean luma: the light a retake is compared on (shared/comparable.ts) */
  meanLuma: number;
  /**
   * how far the photo's colours spread: the 90th percentile of each pixel's YCbCr chroma distance from the photo's mean
   * chroma. A black-and-white or toned (sepia) print reads about 0-4.4 whatever its tint, and a signature in coloured ink
   * on it does not lift it; a colour photo with a face in it reads more (MIN_COLOUR_SPREAD)
   */
  colourSpread: number;
}

export const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
/** YCbCr chroma (ITU-R BT.601) of a pixel of luma y */
export const cbOf = (b: number, y: number) => 128 + 0.564 * (b - y);
export const crOf = (r: number, y: number) => 128 + 0.713 * (r - y);

/** what a reading of edges or spread is multiplied by to read a photo as if lit to LIT_LUMA (1 for a brighter one) */
export const litScale = (brightLuma: number) => Math.max(1, LIT_LUMA / Math.max(1, brightLuma));

export function readQuality({ data, width, height, channels }: Pixels): QualityReading {
  const n = width * height;
  const values = new Float32Array(n);
  let clipped = 0,
    sum = 0;
  let cbSum = 0,
    crSum = 0;
  for (let i = 0; i < n; i++) {
    const o = channels * i;
    const y = luma(data[o]!, data[o + 1]!, data[o + 2]!);
    values[i] = y;
    sum += y;
    if (y >= CLIPPED_LUMA) clipped++;
    cbSum += cbOf(data[o + 2]!, y);
    crSum += crOf(data[o]!, y);
  }
  const lap = new Float32Array(Math.max(0, (width - 2) * (height - 2)));
  let k = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      lap[k++] = Math.abs(4 * values[i]! - values[i - 1]! - values[i + 1]! - values[i - width]! - values[i + width]!);
    }
  }
  // an empty frame (or one too thin for a Laplacian) reads as dark and flat, not as NaN
  const brightLuma = n ? quantile(values, 0.95) : 0;
  return {
    brightLuma,
    clippedShare: n ? clipped / n : 0,
    detail: lap.length && brightLuma > 0 ? quantile(lap, 0.99) * litScale(brightLuma) : 0,
    meanLuma: n ? sum / n : 0,
    colourSpread: n ? chromaSpread({ data, width, height, channels }, values, cbSum / n, crSum / n) : 0,
  };
}

/** chroma distances are counted in steps of this much up to the largest there can be: a percentile without a sort */
const CHROMA_STEP = 0.05;
const CHROMA_BINS = Math.ceil(256 / CHROMA_STEP);

/** the 90th percentile of the pixels' chroma distance from the mean chroma (cb, cr), given each pixel's luma */
function chromaSpread({ data, channels }: Pixels, lumas: Float32Array, cb: number, cr: number): number {
  const counts = new Uint32Array(CHROMA_BINS);
  for (let i = 0; i < lumas.length; i++) {
    const o = channels * i;
    const dcb = cbOf(data[o + 2]!, lumas[i]!) - cb,
      dcr = crOf(data[o]!, lumas[i]!) - cr;
    const distance = Math.sqrt(dcb * dcb + dcr * dcr);
    counts[Math.min(CHROMA_BINS - 1, Math.floor(distance / CHROMA_STEP))]!++;
  }
  const rank = Math.floor(0.9 * (lumas.length - 1));
  let seen = 0;
  for (let bin = 0; bin < CHROMA_BINS; bin++) {
    seen += counts[bin]!;
    if (seen > rank) return (bin + 0.5) * CHROMA_STEP;
  }
  return 0;
}
