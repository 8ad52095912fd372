/**
 * The fitted part: for each view a ridge regression of the hair-loss stage (on the Norwood 1-7 scale) on that view's
 * standardised measurements, then one fixed map from stage to score. Parameters: fitted-params.json, written by
 * `npm run fit:hairline -- --write` from ../shared/datasets.
 */
import params from './fitted-params.json' with { type: 'json' };
import type { PhotoView } from '#shared/schemas.ts';

export const FRONT_FEATURES = [
  'foreheadHeight',
  'templeDepth',
  'templeBare',
  'frontalCoverage',
  'topCoverage',
  'bareWidth',
  'hairDepth',
  'texture',
] as const;
/** the bowed view rarely shows the top of the head, so its score does without topCoverage */
export const BOWED_FEATURES = [
  'foreheadHeight',
  'templeDepth',
  'templeBare',
  'frontalCoverage',
  'bareWidth',
  'hairDepth',
  'texture',
] as const;
export const TOP_FEATURES = ['coverage', 'darkShare', 'texture', 'smoothShare', 'shine', 'fineTexture'] as const;
export const VIEW_FEATURES = {
  front: FRONT_FEATURES,
  bowed: BOWED_FEATURES,
  top: TOP_FEATURES,
} as const satisfies Record<PhotoView, readonly string[]>;

export interface LinearModel {
  mean: number[];
  sd: number[];
  weights: number[];
  intercept: number;
}
export type FittedParams = Record<PhotoView, LinearModel>;

export const FITTED: FittedParams = params;

/** score 97 (before the squash) at stage 1, 15 points less per stage: stage 7 lands at 7 */
const SCORE_AT_STAGE_ONE = 97;
const POINTS_PER_STAGE = 15;

/** The predicted stage on the continuous Norwood scale (1 full hairline .. 7 bald on top). */
export function predictStage(model: LinearModel, x: readonly number[]): number {
  let z = model.intercept;
  x.forEach((v, k) => {
    z += (model.weights[k]! * (v - model.mean[k]!)) / model.sd[k]!;
  });
  return z;
}

/** A tanh squash keeps the extremes inside 2..98 instead of piling ties at 0 and 100, which would blur the ranking. */
export function scoreFromStage(stage: number): number {
  const linear = SCORE_AT_STAGE_ONE - POINTS_PER_STAGE * (stage - 1);
  return Math.round(50 + 48 * Math.tanh((linear - 50) / 48));
}

/** Norwood 1..7 from the continuous stage, with confidence from the measurement trust and the distance to the stage's centre. */
export function norwoodEstimate(stage: number, trust: number): { stage: number; confidence: number } {
  const continuous = Math.min(7, Math.max(1, stage));
  const rounded = Math.round(continuous);
  const centring = 1 - Math.abs(continuous - rounded);
  return { stage: rounded, confidence: Math.round(Math.min(0.95, trust * (0.45 + 0.4 * centring)) * 100) / 100 };
}
