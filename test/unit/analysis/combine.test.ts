import { describe, expect, it } from 'vitest';
import { combineWithCrown, withCrown, type CombinedFields } from '#lambdas/analysis/score/combine.ts';
import { scoreFromStage } from '#lambdas/analysis/score/model.ts';
import type { HairlineAnalysis } from '#lambdas/analysis/result.ts';
import { CROWN_STAGE_WEIGHT, combinedStage } from '#shared/hairline.ts';
import {
  CROWN_CAPTURE,
  FACE_CAPTURE,
  frontMeasurements,
  ratingFields,
  topMeasurements,
} from '#test/support/ratings.ts';

const photo = (stage: number, view: 'front' | 'top', confidence = 0.8): CombinedFields =>
  ratingFields({
    score: scoreFromStage(stage),
    norwoodStage: Math.round(stage),
    norwoodConfidence: 0.5,
    measurements: view === 'top' ? topMeasurements({ confidence }) : frontMeasurements({ confidence }),
    ageComparison: { stageEstimate: stage, typicalAge: 40, yearsToAdvanced: 20 },
  });

describe('two photos: the combined Norwood estimate', () => {
  it('raises the face estimate by CROWN_STAGE_WEIGHT of how far the crown lies above it, never lowers it', () => {
    expect(CROWN_STAGE_WEIGHT).toBe(0.5);
    expect(combinedStage(2, 5)).toBe(3.5);
    expect(combinedStage(3, 1)).toBe(3);
    expect(combinedStage(4, 4)).toBe(4);
  });
  it('a crown no worse than the face leaves the face result unchanged', () => {
    const face = photo(3, 'front');
    expect(combineWithCrown(face, photo(2, 'top'))).toBe(face);
  });
  it('a thinner crown lowers the score and raises the stage; the face measurements stay', () => {
    const face = photo(2, 'front');
    const out = combineWithCrown(face, photo(6, 'top', 0.6));
    expect(out.ageComparison?.stageEstimate).toBe(4);
    expect(out.norwoodStage).toBe(4);
    expect(out.score).toBe(scoreFromStage(4));
    expect(out.score).toBeLessThan(face.score);
    expect(out.measurements).toBe(face.measurements);
    expect(out.norwoodConfidence).toBeLessThanOrEqual(0.6);
    // the same inputs always give the same result
    expect(combineWithCrown(face, photo(6, 'top', 0.6))).toEqual(out);
  });
});

/** one photo's whole analysis as the engine returns it */
const analysed = (stage: number, view: 'front' | 'top', confidence = 0.8): HairlineAnalysis => ({
  ...ratingFields(photo(stage, view, confidence)),
  ageComparison: { stageEstimate: stage, typicalAge: 40, yearsToAdvanced: 20 },
  captureConditions: view === 'top' ? CROWN_CAPTURE : FACE_CAPTURE,
  thumbnailJpeg: new Uint8Array([1, stage]),
  overlayJpeg: new Uint8Array([2, stage]),
  scoreInputs: { view, features: { a: stage } },
});

describe('two photos: the one result', () => {
  it("is the combined face result with the crown photo's own part beside it, its estimates to 2 decimals", () => {
    const face = analysed(2.004, 'front');
    const crown = analysed(6.456, 'top', 0.6);
    const { crown: part, ...rest } = withCrown(face, crown);
    expect(rest).toEqual(combineWithCrown(face, crown));
    expect(rest.scoreInputs).toBe(face.scoreInputs);
    expect(part).toEqual({
      measurements: crown.measurements,
      norwoodStage: crown.norwoodStage,
      stageEstimate: 6.46,
      faceStageEstimate: 2,
      captureConditions: CROWN_CAPTURE,
      thumbnailJpeg: crown.thumbnailJpeg,
      overlayJpeg: crown.overlayJpeg,
    });
  });
});
