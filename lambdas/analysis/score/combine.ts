/**
 * Two photos, one rating: a face photo (front or bowed) and a crown photo (top view), each analysed on its own, then
 * joined here for analyzeHairline. The rating keeps the face photo's measurements and metric words, and takes its Norwood estimate,
 * score, hairline age, years until bald, commentary and suggestions from the combined estimate (shared/hairline.ts
 * combinedStage). When the crown is no worse than the face, the face photo's result is returned unchanged.
 */
import { combinedStage } from '#shared/hairline.ts';
import { hairlineAgeFigures } from '#shared/hairline-age.ts';
import { ratingForScore } from '#shared/scoring.ts';
import type { AgeComparison, AnalysisResult } from '#shared/schemas.ts';
import { commentaryFor, hairstylesFor } from './commentary.ts';
import { hairlineAgeWord, yearsUntilBaldWord } from './metrics.ts';
import { norwoodEstimate, scoreFromStage } from './model.ts';
import type { HairlineAnalysis } from '../result.ts';

/** The fields of one photo's analysis the combination reads and rewrites (structurally the engine's result). */
export type CombinedFields = Pick<
  AnalysisResult,
  | 'score'
  | 'rating'
  | 'hairlineAge'
  | 'yearsUntilBald'
  | 'commentary'
  | 'hairstyleSuggestions'
  | 'norwoodStage'
  | 'norwoodConfidence'
  | 'measurements'
> & { ageComparison?: AgeComparison };

/** One photo's continuous Norwood estimate: the engine's, or its rounded stage for results that lack it. */
const stageEstimateOf = (r: Pick<CombinedFields, 'norwoodStage' | 'ageComparison'>): number =>
  r.ageComparison?.stageEstimate ?? r.norwoodStage;

export function combineWithCrown<T extends CombinedFields>(face: T, crown: CombinedFields): T {
  const faceStage = stageEstimateOf(face);
  const stage = combinedStage(faceStage, stageEstimateOf(crown));
  if (stage <= faceStage) return face;
  const score = scoreFromStage(stage);
  const norwood = norwoodEstimate(stage, Math.min(face.measurements.confidence, crown.measurements.confidence));
  return {
    ...face,
    score,
    rating: ratingForScore(score),
    hairlineAge: hairlineAgeWord(stage),
    yearsUntilBald: yearsUntilBaldWord(stage),
    commentary: commentaryFor(score, face.measurements),
    hairstyleSuggestions: hairstylesFor(score, face.measurements),
    norwoodStage: norwood.stage,
    norwoodConfidence: norwood.confidence,
    ageComparison: { ...face.ageComparison, ...hairlineAgeFigures(stage) },
  };
}

/** The face photo's analysis combined with the crown photo's, and the crown photo's own part beside it. */
export function withCrown(face: HairlineAnalysis, crown: HairlineAnalysis): HairlineAnalysis {
  return {
    ...combineWithCrown(face, crown),
    crown: {
      measurements: crown.measurements,
      norwoodStage: crown.norwoodStage,
      stageEstimate: round2(stageEstimateOf(crown)),
      faceStageEstimate: round2(stageEstimateOf(face)),
      captureConditions: crown.captureConditions,
      thumbnailJpeg: crown.thumbnailJpeg,
      overlayJpeg: crown.overlayJpeg,
    },
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
