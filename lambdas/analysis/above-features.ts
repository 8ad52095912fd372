/**
 * The score inputs of a head seen from above (a bowed head, a crown photo): the hair model's encoder bottleneck pooled
 * per channel (hair-mask/encoder-features.ts), by name. Bare scalp seen from above fools the mask's 0.5 decision and any
 * pixel rule; the encoder's activations still carry how much hair there is (docs/analysis.md, "Score").
 */
import { ENCODER_FEATURE_NAMES, type HairSegmentation } from './hair-mask/index.ts';
import type { NamedFeatures } from './model.ts';

export function encoderFeatures(hair: HairSegmentation): NamedFeatures {
  const out: NamedFeatures = {};
  ENCODER_FEATURE_NAMES.forEach((name, k) => {
    out[name] = hair.encoderFeatures[k]!;
  });
  return out;
}
