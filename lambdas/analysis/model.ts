/** The fitted part: a ridge regression of the Norwood stage on six standardised features, mapped onto 0..100. */
import params from './fitted-params.json' with { type: 'json' };
import type { HairFeatures } from './features.ts';

export const FEATURE_NAMES = ['coverage', 'darkShare', 'texture', 'smoothShare', 'shine', 'fineTexture'] as const satisfies readonly (keyof HairFeatures)[];

export interface FittedParams {
  mean: number[];
  sd: number[];
  weights: number[];
  intercept: number;
  /** linear score = scoreOffset - scoreScale * loss, before the squash */
  scoreOffset: number;
  scoreScale: number;
}

export const FITTED: FittedParams = params;

/** Predicted hair loss on the standardised-stage scale (about -1.5 full hair .. +1.5 bald). */
export function predictLoss(f: HairFeatures, p: FittedParams = FITTED): number {
  let z = p.intercept;
  FEATURE_NAMES.forEach((name, k) => { z += p.weights[k]! * (f[name] - p.mean[k]!) / p.sd[k]!; });
  return z;
}

/** A tanh squash keeps the extremes inside 2..98 instead of piling ties at 0 and 100, which would blur the ranking. */
export function scoreFromLoss(loss: number, p: FittedParams = FITTED): number {
  const linear = p.scoreOffset - p.scoreScale * loss;
  return Math.round(50 + 48 * Math.tanh((linear - 50) / 48));
}
