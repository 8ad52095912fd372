import { describe, expect, it } from 'vitest';
import {
  darkerFigures,
  groupFigures,
  refusalCounts,
  setFigures,
  turnedFigures,
} from '#scripts/analysis/lib/eval/set-figures.ts';
import { evalRow } from './fake-rows.ts';

/** two photos per label 1-4, scores falling with the label; one more refused */
function portraits() {
  const scored = [1, 1, 2, 2, 3, 3, 4, 4].map((stage, k) => evalRow(stage, 95 - 20 * stage - (k % 2)));
  return [...scored, evalRow(4, 0, { rejected: 'no_face' })];
}

describe("a folder's figures", () => {
  it('held-out scores that fall with the label: full rank agreement, every pair ordered, the lowest label apart', () => {
    const rows = portraits();
    const fig = setFigures('/data/portraits/men', rows, new Map());
    const s = fig.summary;
    expect([s.id, s.photos, s.distinctPhotos, fig.scored, s.views.front, s.facesFound]).toEqual([
      'portraits/men',
      9,
      9,
      8,
      8,
      8,
    ]);
    expect(s.heldOutBy).toBe('grouped-cv');
    expect(s.refusedShare).toBe(0.111);
    expect(s.refusedBy).toEqual([{ code: 'no_face', photos: 1 }]);
    expect(s.heldOut?.spearman).toBe(-0.976);
    expect(s.heldOut?.auc).toBe(1);
    expect(s.heldOut?.concordance).toBe(1);
    expect(s.heldOut?.adjacentAuc.map((a) => a.auc)).toEqual([1, 1, 1]);
    expect(s.meanScoreByStage).toEqual([
      { stage: 1, n: 2, meanScore: 74.5 },
      { stage: 2, n: 2, meanScore: 54.5 },
      { stage: 3, n: 2, meanScore: 34.5 },
      { stage: 4, n: 2, meanScore: 14.5 },
    ]);
    expect(fig.byStage[0]).toMatchObject({ stage: 1, mean: 74.5, min: 74, max: 75 });
    expect(fig.ranks?.spearman).toBeCloseTo(-0.9759, 4);
    expect(fig.refusals).toEqual([`${rows[8]!.file}:no_face`]);
  });

  it('one label only: no rank figures and no word agreement, the means still', () => {
    const fig = setFigures(
      '/data/portraits/women',
      [evalRow(1, 80), evalRow(1, 90)].map((r) => ({ ...r, set: 'portraits/women' })),
      new Map(),
    );
    expect(fig.ranks).toBeNull();
    expect(fig.summary.heldOut).toBeNull();
    expect(fig.summary.metricWords).toBeNull();
    expect(fig.summary.meanScoreByStage).toEqual([{ stage: 1, n: 2, meanScore: 85 }]);
  });

  it("a folder the fit never saw is held out 'unseen'; photos are split by skin tone where labelled", () => {
    const rows = portraits().map((r) => ({ ...r, set: 'never-fitted' }));
    const tones = new Map([[`never-fitted/${rows[0]!.file}`, 'dark' as const]]);
    const fig = setFigures('/data/never-fitted', rows, tones);
    expect(fig.summary.heldOutBy).toBe('unseen');
    expect(fig.summary.bySkinTone).toEqual([
      { group: 'dark', photos: 1, refused: 0, spearman: null, highestLabelMeanScore: null },
    ]);
  });

  it('lists the results the consistency checker finds fault with', () => {
    const faulty = evalRow(2, 50, {
      contradictions: [{ a: 'score 50', b: 'label X', why: 'the label is not the score band' }],
    });
    const fig = setFigures('/data/portraits/men', [evalRow(1, 90), faulty], new Map());
    expect(fig.contradicted).toEqual([{ file: faulty.file, contradictions: faulty.contradictions }]);
  });
});

describe('the figures of a group, of turned and of darker copies', () => {
  it('a group under 8 scored photos has no rank figure; its highest label has a mean', () => {
    const g = groupFigures('front', [evalRow(1, 90), evalRow(4, 11), evalRow(4, 12)], 4);
    expect(g).toEqual({ group: 'front', photos: 3, refused: 0, spearman: null, highestLabelMeanScore: 11.5 });
  });

  it('turned copies: how far each moves from the photo as taken, and whether they still rank', () => {
    const rows = [1, 1, 2, 2, 3, 3].map((stage) =>
      evalRow(stage, 100 - 20 * stage, { turnedScores: [100 - 20 * stage + 4, 100 - 20 * stage - 2] }),
    );
    const t = turnedFigures(rows)!;
    expect(t.copies).toBe(12);
    expect(t.medianChange).toBe(3);
    expect(t.p90Change).toBe(4);
    expect(t.spearman).toBeLessThan(-0.9);
    expect(turnedFigures(rows.slice(0, 3))).toBeUndefined();
  });

  it('darker copies: the mean change, and the change of the highest label alone', () => {
    const rows = [1, 1, 2, 2, 3, 3, 4, 4].map((stage) =>
      evalRow(stage, 100 - 20 * stage, { darkerScore: 100 - 20 * stage + (stage === 4 ? 6 : 2) }),
    );
    const d = darkerFigures(rows, 4)!;
    expect(d).toMatchObject({ copies: 8, meanChange: 3, highestLabelChange: 6 });
    expect(darkerFigures(rows.slice(0, 7), 4)).toBeUndefined();
  });

  it('refusals are counted per code, most first', () => {
    expect(refusalCounts(['a', 'b', 'b', 'c', 'b', 'a'])).toEqual([
      { code: 'b', photos: 3 },
      { code: 'a', photos: 2 },
      { code: 'c', photos: 1 },
    ]);
  });
});
