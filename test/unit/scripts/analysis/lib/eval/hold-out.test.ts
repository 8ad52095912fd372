import { describe, expect, it } from 'vitest';
import { FITTED, predictStage, rateStage, type ScoreModel } from '#lambdas/analysis/offline.ts';
import { scoreFromStage } from '#shared/score-map.ts';
import { holdOut, trainedOn } from '#scripts/analysis/lib/eval/hold-out.ts';
import { featuresOf, fakeAnalysis, photoRow } from './fake-rows.ts';

/** the score the committed model gives a made-up analysis of `stage` */
const committedScore = (stage: number, model: ScoreModel) =>
  rateStage({ ...fakeAnalysis(stage).reading, stage: predictStage(FITTED.models[model], featuresOf(model, stage)) })
    .score;

describe('holding each result out', () => {
  it('groups copies of one photo over every folder, and different photos apart', () => {
    const original = photoRow(1);
    const rows = holdOut([
      original,
      photoRow(2),
      { ...photoRow(1, { set: 'elsewhere', dir: '/data/elsewhere' }), hash: original.hash },
    ]);
    expect(rows[0]!.group).toBe(rows[2]!.group);
    expect(rows[1]!.group).not.toBe(rows[0]!.group);
  });

  it("a dev folder's photo is held out by cross-validation: with too few photos to refit, by the committed model", () => {
    const rows = holdOut([photoRow(1), photoRow(3), photoRow(4)]);
    expect(rows.every(trainedOn)).toBe(true);
    expect(rows.map((r) => r.heldOutScore)).not.toEqual(rows.map((r) => r.analysis!.score));
    for (const r of rows) {
      // the made-up analysis' own score is said from its label, not from its features
      expect(r.heldOutScore).toBe(committedScore(r.stage, 'front'));
      expect(r.heldOutWords?.density).toBeDefined();
      expect(r.contradictions).toEqual([]);
    }
  });

  it('a folder never fitted on is held out as it is: its own score and words, its copies by the committed model', () => {
    const copy = featuresOf('above', 3);
    const [row] = holdOut([
      photoRow(5, {
        set: 'never-fitted',
        dir: '/data/never-fitted',
        analysis: fakeAnalysis(5, 'top', 37),
        copies: [copy],
        darker: copy,
      }),
    ]);
    expect(trainedOn(row!)).toBe(false);
    expect(row!.heldOutScore).toBe(37);
    expect(row!.heldOutNorwood).toBe(row!.analysis!.norwoodStage);
    expect(row!.heldOutWords).toEqual({
      recessionLevel: row!.analysis!.recessionLevel,
      density: row!.analysis!.density,
      foreheadSize: row!.analysis!.foreheadSize,
      hairlineAge: row!.analysis!.hairlineAge,
      yearsUntilBald: row!.analysis!.yearsUntilBald,
      health: row!.analysis!.health,
    });
    const copyScore = scoreFromStage(predictStage(FITTED.models.above, copy));
    expect(row!.turnedScores).toEqual([copyScore]);
    expect(row!.darkerScore).toBe(copyScore);
  });

  it('a refused photo has no held-out result', () => {
    const [row] = holdOut([photoRow(2, { rejected: 'no_face' })]);
    expect(row!.heldOutScore).toBeUndefined();
    expect(row!.contradictions).toBeUndefined();
  });
});
