/** Pure parts of progress: the deltas between two ratings, and which earlier rating a new one is compared with. */
import { describe, expect, it } from 'vitest';
import { crownProgressAmong, progressAmong, progressBetween } from '#lambdas/domain/progress.ts';
import { ProgressSchema } from '#shared/schemas.ts';

const m = (over: Record<string, number> = {}) => ({
  hairlineHeightRatio: 0.3,
  templeRecession: 0.1,
  frontalCoverage: 0.8,
  topCoverage: 0.9,
  faceFound: true,
  confidence: 0.7,
  ...over,
});

describe('progress among the earlier ratings (pure: no store)', () => {
  const front = (id: string, score: number) => ({ id, createdAt: id, score, norwoodStage: 2, measurements: m() });
  const top = (id: string) => ({
    id,
    createdAt: id,
    score: 40,
    norwoodStage: 5,
    measurements: { ...m(), view: 'top' as const },
  });

  it('compares with the newest earlier rating of the same view, else names the newest one of another view', () => {
    const earlier = [top('c'), front('b', 70), front('a', 60)];
    expect(progressAmong(earlier, front('d', 75))).toMatchObject({ previousId: 'b', scoreDelta: 5 });
    expect(progressAmong([top('c')], front('d', 75))).toEqual({
      previousId: 'c',
      previousCreatedAt: 'c',
      previousView: 'top',
      previousKind: 'crown',
    });
    expect(progressAmong([], front('d', 75))).toBeNull();
  });

  it("a crown photo is compared with the newest earlier top view, a crown photo's or a top photo's alone, without a score", () => {
    const crown = { measurements: { ...m({ topCoverage: 0.5 }), view: 'top' as const }, norwoodStage: 4 };
    const item = { id: 'd', createdAt: 'd', crown };
    expect(crownProgressAmong([front('b', 70), top('a')], item)).toMatchObject({
      previousId: 'a',
      metricDeltas: { topCoverage: -0.4, norwoodStage: -1 },
    });
    expect(crownProgressAmong([front('b', 70), top('a')], item)?.scoreDelta).toBeUndefined();
    expect(crownProgressAmong([front('b', 70)], item)).toBeNull();
    expect(crownProgressAmong([top('a')], { id: 'd', createdAt: 'd' })).toBeNull();
  });
});

describe('progressBetween', () => {
  it('score and numeric measurement deltas, current minus previous, rounded', () => {
    const p = progressBetween(
      {
        id: 'b',
        createdAt: '2026-10-20T00:00:00.000Z',
        score: 74,
        norwoodStage: 2,
        measurements: m({ templeRecession: 0.3, frontalCoverage: 0.7 }),
      },
      { id: 'a', createdAt: '2026-10-12T00:00:00.000Z', score: 70, norwoodStage: 3, measurements: m() },
    );
    expect(ProgressSchema.parse(p)).toEqual({
      previousId: 'a',
      previousCreatedAt: '2026-10-12T00:00:00.000Z',
      scoreDelta: 4,
      metricDeltas: {
        hairlineHeightRatio: 0,
        templeRecession: 0.2,
        frontalCoverage: -0.1,
        topCoverage: 0,
        norwoodStage: -1,
      },
    });
  });

  it("does not compare ratings of different views: names the previous one's view instead of a delta", () => {
    const p = progressBetween(
      { id: 'b', createdAt: 'b', score: 50, norwoodStage: 4, measurements: { ...m(), view: 'front' } },
      { id: 'a', createdAt: 'a', score: 80, norwoodStage: 2, measurements: { ...m(), view: 'top' } },
    );
    expect(ProgressSchema.parse(p)).toEqual({
      previousId: 'a',
      previousCreatedAt: 'a',
      previousView: 'top',
      previousKind: 'crown',
    });
    // ratings stored before the view existed were front photos
    expect(
      progressBetween(
        { id: 'b', createdAt: 'b', score: 50, norwoodStage: 4, measurements: { ...m(), view: 'front' } },
        { id: 'a', createdAt: 'a', score: 61, norwoodStage: 4, measurements: m() },
      ).scoreDelta,
    ).toBe(-11);
  });

  it('leaves out measurements either side lacks', () => {
    const p = progressBetween(
      { id: 'b', createdAt: 'b', score: 50, norwoodStage: 4, measurements: { templeRecession: 0.2 } },
      { id: 'a', createdAt: 'a', score: 61, norwoodStage: 4 },
    );
    expect(p).toEqual({ previousId: 'a', previousCreatedAt: 'a', scoreDelta: -11, metricDeltas: { norwoodStage: 0 } });
  });
});
