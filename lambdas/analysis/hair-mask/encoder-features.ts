/**
 * The hair model's encoder activations pooled per channel over the head, into named features: the mean over the head's
 * hair and the mean over the head's bare part near the hair (BARE_NEAR_HAIR), at two depths of the encoder. Each cell
 * of a map is weighted by how sure the person model is that it is the person (so the backdrop counts for nothing) times
 * the hair model's own probability of hair there, or of no hair. Pooled so, a bowed head reads alike wherever it sits
 * in the photo (grouped 5-fold CV on the dev folders against the earlier whole-photo mean, max and row thirds: bowed
 * selfies 0.846 → 0.858, crown photos 0.736 → 0.776, with 256 features instead of 640; adding the 32×32 stage:
 * 0.864 → 0.878 and 0.776 → 0.794, mean of three fold shuffles; docs/analysis.md).
 */

import type { ProbabilityMap } from '../types.ts';

/**
 * The activations pooled, as tensors of hair_segmentation.tflite, each with the prefix of its features' names:
 * - `enc`: tensor 484 (`p_re_lu_80`), the last encoder activation, 16×16×128 at a 512 input: the bottleneck;
 * - `mid`: tensor 212 (`p_re_lu_33`), the end of the encoder's 32×32 stage (32×32×128), finer in space: of the seven
 *   128-channel stage ends measured beside the bottleneck (tensors 116, 164, 188, 212, 238, 313, 412; the 64×64 stage's
 *   87 and the decoder's 524 and 564 too), the best on both views from above.
 */
export const ENCODER_TAPS = [
  { tensor: 484, layer: 'p_re_lu_80', prefix: 'enc', channels: 128 },
  { tensor: 212, layer: 'p_re_lu_33', prefix: 'mid', channels: 128 },
] as const;

const PARTS = ['hair', 'bare'] as const;

/** the feature names, tap by tap, part by part, channel by channel: enc_hair_0 … enc_bare_127, mid_hair_0 … mid_bare_127 */
export const ENCODER_FEATURE_NAMES: readonly string[] = ENCODER_TAPS.flatMap(({ prefix, channels }) =>
  PARTS.flatMap((part) => Array.from({ length: channels }, (_, c) => `${prefix}_${part}_${c}`)),
);

/**
 * The bare part is read near the hair: within this many cells of each map (Chebyshev distance) of where the hair model
 * finds hair, the cell's weight taken by the most hair within reach. A head seen from above shows bare scalp beside or
 * among its hair; farther off lie the face, the neck and the clothes, which carry nothing of the stage. Grouped CV on
 * the dev folders (2026-11-28, mean of three fold shuffles, each photo one vote, λ 2000), bowed selfies / crown photos:
 * the whole head's bare part 0.880 / 0.805; within 1 cell 0.880 / 0.794, 2 cells 0.886 / 0.806, 3 cells 0.887 / 0.811,
 * 4 cells 0.886 / 0.811 (docs/benchmarks-log.md "Hairline analysis v4.13").
 */
export const BARE_NEAR_HAIR = 3;

/**
 * Below this total weight (in map cells) a part is too small to pool on its own (no hair found on the head, so no bare
 * part near it either, or no bare skin in a full head of hair) and takes the whole map's mean instead: a number the fit
 * has seen, not a division by ~0.
 */
export const MIN_PART_WEIGHT = 0.5;

export interface EncoderTap {
  /** row-major height × width × channels */
  data: Float32Array;
  height: number;
  width: number;
  channels: number;
}

/** the features in ENCODER_FEATURE_NAMES order, from the activations of ENCODER_TAPS in that order */
export function poolEncoderOnHead(
  taps: readonly EncoderTap[],
  person: ProbabilityMap,
  hair: ProbabilityMap,
): Float64Array {
  if (taps.length !== ENCODER_TAPS.length || taps.some((tap, k) => tap.channels !== ENCODER_TAPS[k]!.channels)) {
    throw new Error(`encoder features: expected the ${ENCODER_TAPS.length} taps of ENCODER_TAPS`);
  }
  const out = new Float64Array(ENCODER_FEATURE_NAMES.length);
  let at = 0;
  for (const tap of taps) {
    const pooled = poolTapOnHead(tap, person, hair);
    out.set(pooled, at);
    at += pooled.length;
  }
  return out;
}

/** one tap's features: the mean of each channel over the head's hair, then over its bare part near the hair */
function poolTapOnHead(tap: EncoderTap, person: ProbabilityMap, hair: ProbabilityMap): Float64Array {
  const { data, height, width, channels } = tap;
  const head = onGrid(person, width, height);
  const hairy = onGrid(hair, width, height);
  const nearHair = spread(hairy, width, height, BARE_NEAR_HAIR);
  const cells = height * width;
  const sums = PARTS.map(() => new Float64Array(channels));
  const total = new Float64Array(channels);
  const weightOf = [0, 0];
  for (let i = 0; i < cells; i++) {
    const w = [head[i]! * hairy[i]!, head[i]! * (1 - hairy[i]!) * nearHair[i]!];
    weightOf[0]! += w[0]!;
    weightOf[1]! += w[1]!;
    const base = i * channels;
    for (let c = 0; c < channels; c++) {
      const v = data[base + c]!;
      total[c]! += v;
      sums[0]![c]! += w[0]! * v;
      sums[1]![c]! += w[1]! * v;
    }
  }
  const features = new Float64Array(PARTS.length * channels);
  PARTS.forEach((_, part) => {
    const weight = weightOf[part]!;
    for (let c = 0; c < channels; c++) {
      features[part * channels + c] = weight >= MIN_PART_WEIGHT ? sums[part]![c]! / weight : total[c]! / cells;
    }
  });
  return features;
}

/** each cell's greatest value within `reach` cells (a square window): the map spread outwards */
function spread(map: Float64Array, width: number, height: number, reach: number): Float64Array {
  const out = new Float64Array(map.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let most = 0;
      for (let yy = Math.max(0, y - reach); yy <= Math.min(height - 1, y + reach); yy++)
        for (let xx = Math.max(0, x - reach); xx <= Math.min(width - 1, x + reach); xx++)
          most = Math.max(most, map[yy * width + xx]!);
      out[y * width + x] = most;
    }
  return out;
}

/** The map's mean over each cell of a width × height grid laid over the same photo (each pixel in the cell its centre falls in). */
function onGrid(map: ProbabilityMap, width: number, height: number): Float64Array {
  const sum = new Float64Array(width * height);
  const count = new Float64Array(width * height);
  for (let y = 0; y < map.height; y++) {
    const row = Math.floor(((y + 0.5) * height) / map.height) * width;
    for (let x = 0; x < map.width; x++) {
      const k = row + Math.floor(((x + 0.5) * width) / map.width);
      sum[k]! += map.data[y * map.width + x]!;
      count[k]! += 1;
    }
  }
  return sum.map((s, k) => (count[k]! > 0 ? s / count[k]! : 0));
}
