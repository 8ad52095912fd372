import { describe, expect, it } from 'vitest';
import { withCrown } from '#lambdas/analysis/score/combine.ts';
import { rateStage } from '#lambdas/analysis/score/reading.ts';
import { contradictions } from '#lambdas/analysis/score/consistency.ts';
import { CROWN_STAGE_WEIGHT, combinedStage } from '#shared/hairline.ts';
import { scoreFromStage } from '#shared/score-map.ts';
import { CROWN_CAPTURE } from '#test/support/ratings.ts';
import { analysed } from '#test/unit/lambdas/analysis/score/analysed.ts';

describe('two photos: the combined Norwood estimate', () => {
  it('raises the face estimate by CROWN_STAGE_WEIGHT of how far the crown lies above it, never lowers it', () => {
    expect(CROWN_STAGE_WEIGHT).toBe(0.5);
    expect(combinedStage(2, 5)).toBe(3.5);
    expect(combinedStage(3, 1)).toBe(3);
    expect(combinedStage(4, 4)).toBe(4);
  });

  it('a crown no worse than the face keeps the face words but for a sentence on the crown', () => {
    const face = analysed(3, 'front');
    const out = withCrown(face, analysed(2, 'top'));
    for (const k of [
      'score',
      'rating',
      'recessionLevel',
      'density',
      'health',
      'norwoodStage',
      'ageComparison',
    ] as const)
      expect(out[k]).toEqual(face[k]);
    expect(out.commentary).toMatch(/crown photo shows a well covered crown/);
  });

  it('a thinner crown lowers the score and raises the stage, every word said again from the one reading', () => {
    const face = analysed(2, 'front');
    const crown = analysed(6, 'top', 0.6);
    const out = withCrown(face, crown);
    expect(out.ageComparison.stageEstimate).toBe(4);
    expect(out.norwoodStage).toBe(4);
    expect(out.score).toBe(scoreFromStage(4));
    expect(out.score).toBeLessThan(face.score);
    expect(out.measurements).toBe(face.measurements);
    expect(out.norwoodConfidence).toBeLessThanOrEqual(0.6);
    const { crown: part, ...rest } = out;
    expect(rest).toMatchObject(
      rateStage({ ...face.reading, stage: 4, crown: { stage: 6, confidence: 0.6, faceStage: 2 } }),
    );
    expect(contradictions({ ...out, crown: part! })).toEqual([]);
    // the same inputs always give the same result
    expect(withCrown(face, crown)).toEqual(out);
  });

  it("keeps the crown photo's own part beside it, its estimates to 2 decimals", () => {
    const face = analysed(2.004, 'front');
    const crown = analysed(6.456, 'top', 0.6);
    const { crown: part, ...rest } = withCrown(face, crown);
    expect(rest.scoreInputs).toBe(face.scoreInputs);
    expect(part).toEqual({
      measurements: crown.measurements,
      norwoodStage: crown.norwoodStage,
      score: crown.score,
      stageEstimate: 6.46,
      faceStageEstimate: 2,
      captureConditions: CROWN_CAPTURE,
      thumbnailJpeg: crown.thumbnailJpeg,
      overlayJpeg: crown.overlayJpeg,
    });
  });
});
