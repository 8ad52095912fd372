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
  for (let i = 0; i < n; i++) {
    const o = channels * i;
    values[i] = luma(data[o]!, data[o + 1]!, data[o + 2]!);
    sum += values[i]!;
    if (values[i]! >= CLIPPED_LUMA) clipped++;
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
  };
}

/** a face's colour is read over its box grown by this share of its size on every side: skin, hair, neck and backdrop */
const FACE_COLOUR_MARGIN = 0.5;
/** chroma distances are counted in steps of this much up to the largest there can be: a percentile without a sort */
const CHROMA_STEP = 0.05;
const CHROMA_BINS = Math.ceil(256 / CHROMA_STEP);

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * How far the colours around a face spread: the 90th percentile of each pixel's YCbCr chroma distance from the mean
 * chroma, over the face's box grown by FACE_COLOUR_MARGIN (clipped to the image). Read around the face, not over the
 * whole photo, so a small face before a grey wall still shows its colour, and a signature in coloured ink across a
 * black-and-white print does not lend it any. A black-and-white or toned (sepia) print reads about 0-4 whatever its
 * tint; a colour photo more (MIN_COLOUR_SPREAD).
 */
export function faceColourSpread({ data, width, height, channels }: Pixels, box: Box): number {
  const x0 = Math.max(0, Math.floor(box.x - FACE_COLOUR_MARGIN * box.width)),
    x1 = Math.min(width, Math.ceil(box.x + (1 + FACE_COLOUR_MARGIN) * box.width)),
    y0 = Math.max(0, Math.floor(box.y - FACE_COLOUR_MARGIN * box.height)),
    y1 = Math.min(height, Math.ceil(box.y + (1 + FACE_COLOUR_MARGIN) * box.height));
  const n = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  if (!n) return 0;
  const chromaAt = (x: number, y: number): [number, number] => {
    const o = channels * (y * width + x);
    const l = luma(data[o]!, data[o + 1]!, data[o + 2]!);
    return [cbOf(data[o + 2]!, l), crOf(data[o]!, l)];
  };
  let cbSum = 0,
    crSum = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const [cb, cr] = chromaAt(x, y);
      cbSum += cb;
      crSum += cr;
    }
  }
  const [cbMean, crMean] = [cbSum / n, crSum / n];
  const counts = new Uint32Array(CHROMA_BINS);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const [cb, cr] = chromaAt(x, y);
      const distance = Math.sqrt((cb - cbMean) ** 2 + (cr - crMean) ** 2);
      counts[Math.min(CHROMA_BINS - 1, Math.floor(distance / CHROMA_STEP))]!++;
    }
  }
  const rank = Math.floor(0.9 * (n - 1));
  let seen = 0;
  for (let bin = 0; bin < CHROMA_BINS; bin++) {
    seen += counts[bin]!;
    if (seen > rank) return (bin + 0.5) * CHROMA_STEP;
  }
  return 0;
}
