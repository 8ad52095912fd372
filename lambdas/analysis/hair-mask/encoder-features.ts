/**
 * The hair model's encoder bottleneck pooled per channel into named features: the mean and the max over the whole
 * map, and the mean over each third of its rows (top, middle, bottom of the photo). A row belongs to the third its
 * centre falls in, so a 16-row map splits 5/6/5.
 */

/** tensor 484 of hair_segmentation.tflite (`p_re_lu_80`): the last encoder activation, 16×16×128 at a 512 input */
export const ENCODER_TAP_TENSOR = 484;
export const ENCODER_CHANNELS = 128;

const STATISTICS = ['mean', 'max', 'top', 'middle', 'bottom'] as const;

/** the 640 feature names, statistic by statistic, channel by channel: enc_mean_0 … enc_bottom_127 */
export const ENCODER_FEATURE_NAMES: readonly string[] = STATISTICS.flatMap((stat) =>
  Array.from({ length: ENCODER_CHANNELS }, (_, c) => `enc_${stat}_${c}`),
);

export interface EncoderTap {
  /** row-major height × width × channels */
  data: Float32Array;
  height: number;
  width: number;
  channels: number;
}

/** the features in ENCODER_FEATURE_NAMES order */
export function poolEncoder(tap: EncoderTap): Float64Array {
  const { data, height, width, channels } = tap;
  const sum = new Float64Array(channels);
  const max = new Float64Array(channels).fill(-Infinity);
  const bandSum = [new Float64Array(channels), new Float64Array(channels), new Float64Array(channels)];
  const bandRows = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    const band = Math.min(2, Math.floor((3 * (y + 0.5)) / height));
    bandRows[band]! += 1;
    const bandTotal = bandSum[band]!;
    for (let x = 0; x < width; x++) {
      const base = (y * width + x) * channels;
      for (let c = 0; c < channels; c++) {
        const v = data[base + c]!;
        sum[c]! += v;
        bandTotal[c]! += v;
        if (v > max[c]!) max[c] = v;
      }
    }
  }
  const features = new Float64Array(STATISTICS.length * channels);
  for (let c = 0; c < channels; c++) {
    features[c] = sum[c]! / (height * width);
    features[channels + c] = max[c]!;
    for (let band = 0; band < 3; band++) {
      // a map under 3 rows leaves a band empty: its mean is the whole map's
      const rows = bandRows[band]!;
      features[(2 + band) * channels + c] = rows > 0 ? bandSum[band]![c]! / (rows * width) : features[c]!;
    }
  }
  return features;
}
