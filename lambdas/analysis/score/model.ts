/**
 * The fitted part: for each view a ridge regression of the hair-loss stage (on the Norwood 1-7 scale) on that view's
 * standardised, named features; the score is then read off the estimate by the fitted map of shared/score-map.ts. Parameters: fitted-params.json, written with
 * its provenance (date, commit, data sets, n, λ, out-of-fold figures) by `npm run fit:hairline -- --write`.
 */
import params from './fitted-params.json' with { type: 'json' };
import type { PhotoView } from '#shared/schemas.ts';
import { norwoodStageOf } from '#shared/hairline.ts';
import type { NamedFeatures } from '../types.ts';

/** when, at which commit and by which command a model was fitted */
export interface ModelFit {
  fittedAt: string;
  commit: string;
  command: string;
}

export interface LinearModel {
  /** the feature names, in the order of mean, sd and weights */
  features: string[];
  mean: number[];
  sd: number[];
  weights: number[];
  intercept: number;
  /** photos it was fitted on, and the ridge penalty */
  n: number;
  /** rows added from those photos turned by quarter turns (views from above have no up), when fitted with them */
  turnedCopies?: number;
  /** rows added from those photos with darker, browner skin and light, so neither counts as hair */
  darkerCopies?: number;
  lambda: number;
  /** the penalty on a photo's quarter turns reading apart, when fitted with one (scripts/analysis/lib/stage-model-fit.ts TURN_SPREAD) */
  turnSpread?: number;
  /** its own fit (`fit:hairline -- --models` refits some models and keeps the others) */
  fit?: ModelFit;
  /** features penalised less (λ / boost²); their weights above already include the boost */
  boost?: Record<string, number>;
}

/**
 * Which fitted model scores each view. A face seen from the front is scored on its hairline's geometry and the hair
 * model's encoder over the head's hair in a pass on the head's square; a head seen from above (bowed or a crown
 * photo), where bare scalp fools any pixel rule, on the encoder over its hair and its bare part.
 */
export const SCORE_MODEL = { front: 'front', bowed: 'above', top: 'above' } as const satisfies Record<
  PhotoView,
  string
>;
export type ScoreModel = (typeof SCORE_MODEL)[PhotoView];
export const SCORE_MODELS = ['front', 'above'] as const satisfies readonly ScoreModel[];

export interface FittedParams {
  /** the file's last write; each model's own fit is `models[m].fit` */
  provenance: ModelFit & {
    datasets: string[];
    /** grouped out-of-fold Spearman rho per data set, as the fit printed it */
    outOfFold: Record<string, number>;
    /** how much each photo counts in the fit (scripts/analysis/lib/stage-model-fit.ts onePhotoOneVote) */
    rowWeights: string;
  };
  models: Record<ScoreModel, LinearModel>;
}

export const FITTED = params as FittedParams;

export class FeatureMismatchError extends Error {
  constructor(missing: string[], extra: string[]) {
    super(
      `features do not match the fitted model: missing ${missing.join(', ') || 'none'}; unknown ${extra.join(', ') || 'none'}`,
    );
    this.name = 'FeatureMismatchError';
  }
}

/** The predicted stage on the continuous Norwood scale (1 full hairline .. 7 bald on top); the names must match exactly. */
export function predictStage(model: LinearModel, x: NamedFeatures): number {
  const missing = model.features.filter((name) => !(name in x));
  const extra = Object.keys(x).filter((name) => !model.features.includes(name));
  if (missing.length || extra.length) throw new FeatureMismatchError(missing, extra);
  let z = model.intercept;
  model.features.forEach((name, k) => {
    z += (model.weights[k]! * (x[name]! - model.mean[k]!)) / model.sd[k]!;
  });
  return z;
}

/** Norwood 1..7 from the continuous stage, with confidence from the measurement trust and the distance to the stage's centre. */
export function norwoodEstimate(stage: number, trust: number): { stage: number; confidence: number } {
  const continuous = Math.min(7, Math.max(1, stage));
  const rounded = norwoodStageOf(continuous);
  const centring = 1 - Math.abs(continuous - rounded);
  return { stage: rounded, confidence: Math.round(Math.min(0.95, trust * (0.45 + 0.4 * centring)) * 100) / 100 };
}
