/**
 * Two photos, one rating: a face photo (front or bowed) and a crown photo (top view), each analysed on its own, then
 * joined here for analyzeHairline. The rating keeps the face photo's measurements, and every word is said again by the
 * one rateStage from the face photo's reading with the combined estimate (shared/hairline.ts combinedStage) and the
 * crown photo's own estimate beside it, so the commentary speaks of the crown too.
 */
import { combinedStage } from '#shared/hairline.ts';
import type { HairlineAnalysis } from '../result.ts';
import { rateStage } from './reading.ts';

/** The face photo's analysis combined with the crown photo's, and the crown photo's own part beside it. */
export function withCrown(face: HairlineAnalysis, crown: HairlineAnalysis): HairlineAnalysis {
  const crownStage = crown.reading.stage;
  const reading = {
    ...face.reading,
    stage: combinedStage(face.reading.stage, crownStage),
    crown: { stage: crownStage, confidence: crown.measurements.confidence },
  };
  return {
    ...face,
    ...rateStage(reading),
    measurements: face.measurements,
    reading,
    crown: {
      measurements: crown.measurements,
      norwoodStage: crown.norwoodStage,
      stageEstimate: round2(crownStage),
      faceStageEstimate: round2(face.reading.stage),
      captureConditions: crown.captureConditions,
      thumbnailJpeg: crown.thumbnailJpeg,
      overlayJpeg: crown.overlayJpeg,
    },
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
