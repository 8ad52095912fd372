/**
 * The crown part's own score: the one rateStage gives the crown photo's own reading, as it gives a crown photo analysed
 * alone, whatever the face photo beside it; never the combined score.
 */
import { describe, expect, it } from 'vitest';
import { withCrown } from '#lambdas/analysis/score/combine.ts';
import { rateStage } from '#lambdas/analysis/score/reading.ts';
import { scoreFromStage } from '#shared/score-map.ts';
import { analysed } from './analysed.ts';

const alone = (stage: number, view: 'front' | 'top') => analysed(stage, view, view === 'top' ? 0.7 : 0.8);

const CROWN_STAGES = [1, 1.4, 2.25, 3.003, 3.44, 4.2, 4.794, 5.5, 6.456, 7];

describe("two photos: the crown photo's own score", () => {
  it('is the score the same crown photo gets alone, for every estimate and whatever the face photo', () => {
    for (const crownStage of CROWN_STAGES) {
      const lone = alone(crownStage, 'top');
      for (const faceStage of [1.2, 3, 6]) {
        const part = withCrown(alone(faceStage, 'front'), lone).crown!;
        expect(part.score, `crown ${crownStage} beside face ${faceStage}`).toBe(lone.score);
        expect(part.score).toBe(rateStage(lone.reading).score);
      }
    }
  });

  it('follows the score map from the crown estimate the part keeps (two decimals, 1..7)', () => {
    for (const crownStage of CROWN_STAGES) {
      const part = withCrown(alone(2, 'front'), alone(crownStage, 'top')).crown!;
      expect(part.score).toBe(scoreFromStage(part.stageEstimate));
    }
  });

  it('is not the combined score: a thin crown beside a full front keeps its own low score', () => {
    const out = withCrown(alone(1.5, 'front'), alone(6.5, 'top'));
    expect(out.crown!.score).toBe(scoreFromStage(6.5));
    expect(out.score).toBe(scoreFromStage(4));
    expect(out.crown!.score).toBeLessThan(out.score);
  });
});
