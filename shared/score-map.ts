/**
 * The map from the engine's continuous Norwood estimate (1 full hairline .. 7 bald on top) to the 0-100 score, fitted
 * so that each score band means its name on the labelled photos (`npm run fit:score-map`, written with its provenance
 * and figures to score-map-fit.json). Three named parameters, the estimates at which the score crosses the band edges
 * of shared/scoring.ts:
 * - godEdge: below it a hairline scores above 85, "Certified Rizz God";
 * - wRizzEdge: below it above 60, "W Rizz" or better;
 * - cookedEdge: from it up 30 or less, "Cooked".
 * Between the edges the score falls in straight lines; beyond them it eases towards 100 and 0 (never reaching them) at
 * the slope of the segment it leaves. The map is strictly monotone, so it keeps the engine's ranking (Spearman ρ and AUC
 * are the estimate's own, apart from ties made by rounding to whole points). The engine scores with it and /accuracy
 * shows it, both from this one copy.
 */
import fit from './score-map-fit.json' with { type: 'json' };
import type { RatingLabel } from './scoring.ts';

export interface ScoreMapParams {
  godEdge: number;
  wRizzEdge: number;
  cookedEdge: number;
}

/** how one level of one labelled set falls into the bands: the share of its photos in each */
export interface BandShares {
  set: string;
  /** "lowest" (a full hairline where the set has one), "highest" (bald or shaved) */
  level: 'lowest' | 'highest';
  label: number;
  n: number;
  shares: Record<RatingLabel, number>;
}

export interface ScoreMapFit {
  params: ScoreMapParams;
  provenance: {
    fittedAt: string;
    commit: string;
    command: string;
    /** what the estimates were: out-of-fold estimates of the dev folders (grouped CV) */
    estimates: string;
    /** how each edge was chosen */
    rules: Record<keyof ScoreMapParams, string>;
    /** the cookedEdge rule's quantile: at most this share of each set's bald heads lies below it */
    cookedQuantile: number;
  };
  /** band shares per labelled set, out of fold: with the previous map, and with this one */
  before: BandShares[];
  after: BandShares[];
  /** rank agreement of the rounded scores with the labels, out of fold: a monotone map changes it only by ties */
  ranking: { set: string; spearmanBefore: number; spearmanAfter: number; aucBefore: number; aucAfter: number }[];
}

export const SCORE_MAP_FIT = fit as ScoreMapFit;
export const SCORE_MAP: ScoreMapParams = SCORE_MAP_FIT.params;

/** the unrounded score at each edge: the rounded one is then just above 85 and 60, just at 30 */
const AT = { god: 85.5, wRizz: 60.5, cooked: 30.5 } as const;

/** the score before rounding, strictly between 0 and 100 */
function exactScoreFromStage(stage: number, p: ScoreMapParams = SCORE_MAP): number {
  const upper = (AT.god - AT.wRizz) / (p.wRizzEdge - p.godEdge);
  const middle = (AT.wRizz - AT.cooked) / (p.cookedEdge - p.wRizzEdge);
  if (stage <= p.godEdge) return 100 - (100 - AT.god) * Math.exp((-(p.godEdge - stage) * upper) / (100 - AT.god));
  if (stage <= p.wRizzEdge) return AT.god - upper * (stage - p.godEdge);
  if (stage <= p.cookedEdge) return AT.wRizz - middle * (stage - p.wRizzEdge);
  return AT.cooked * Math.exp((-(stage - p.cookedEdge) * middle) / AT.cooked);
}

/** the score a continuous Norwood estimate gets, a whole number */
export function scoreFromStage(stage: number, p: ScoreMapParams = SCORE_MAP): number {
  return Math.round(exactScoreFromStage(stage, p));
}

/** each band's estimates under the map, best first: a band holds the estimates below `toStage` down to the previous band's */
export function bandStages(p: ScoreMapParams = SCORE_MAP): { label: RatingLabel; toStage: number | null }[] {
  return [
    { label: 'Certified Rizz God', toStage: p.godEdge },
    { label: 'W Rizz', toStage: p.wRizzEdge },
    { label: 'Mid', toStage: p.cookedEdge },
    { label: 'Cooked', toStage: null },
  ];
}
