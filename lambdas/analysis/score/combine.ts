/**
 * Two photos, one rating: a face photo (front or bowed) and a crown photo (top view), each analysed on its own, then
 * joined here for analyzeHairline. The rating keeps the face photo's measurements, and every word is said again by the
 * one rateStage from the face photo's reading with the combined estimate (shared/hairline.ts combinedStage) and the
 * crown photo's own estimate beside it, so the commentary speaks of the crown too. The crown photo's own part keeps the
 * score rateStage gave it alone, which puts it on the history's crown line beside crown photos analysed alone.
 */
import { combinedStage } from '#shared/hairline.ts';
import type { HairlineAnalysis } from '../result.ts';
import { rateStage } from './reading.ts';

/** The face photo's analysis combined with the crown photo's, and the crown photo's own part beside it. */
export function withCrown(face: HairlineAnalysis, crown: HairlineAnalysis): HairlineAnalysis {
  // each photo's estimate as its own result shows it (1..7, two decimals); a crown no worse leaves the face's own
  const faceStage = face.ageComparison.stageEstimate;
  const crownStage = crown.ageComparison.stageEstimate;
  const reading = {
    ...face.reading,
    stage: crownStage > faceStage ? combinedStage(faceStage, crownStage) : face.reading.stage,
    crown: { stage: crownStage, confidence: crown.measurements.confidence, faceStage },
  };
  return {
    ...face,
    ...rateStage(reading),
    measurements: face.measurements,
    reading,
    crown: {
      measurements: crown.measurements,
      norwoodStage: crown.norwoodStage,
      // said by rateStage from the crown photo's own reading (engine.ts analyzePhoto), never from the combined one
      score: crown.score,
      stageEstimate: crownStage,
      faceStageEstimate: faceStage,
      captureConditions: crown.captureConditions,
      thumbnailJpeg: crown.thumbnailJpeg,
      overlayJpeg: crown.overlayJpeg,
    },
  };
}
