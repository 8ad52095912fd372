import { describe, expect, it } from 'vitest';
import { metricPoints } from '#shared/scoring.ts';
import { VIEW_KIND_COLOURS, VIEW_KIND_LABELS, viewKindOf } from '#shared/view-kinds.ts';
import {
  chartKinds,
  HISTORY_SERIES,
  historyChartData,
  isHistorySeries,
  kindValue,
  noTrendYet,
  SERIES_LABELS,
  type HistoryChartPoint,
} from '#web/features/history/history-chart-data.ts';
import { analysisResult, frontMeasurements, measurementsBeforeViews, topMeasurements } from '#test/support/ratings.ts';

describe('history chart data', () => {
  it('oldest first, one point per analysis, metrics as shared chart points', () => {
    const newer = analysisResult({
      id: 'n',
      score: 80,
      createdAt: '2026-10-20T10:00:00.000Z',
      density: 'Excellent',
      yearsUntilBald: 'Never',
    });
    const older = analysisResult({
      id: 'o',
      score: 70,
      createdAt: '2026-10-12T10:00:00.000Z',
      density: 'Poor',
      hairlineAge: 'Senior',
    });
    const data = historyChartData([newer, older], new Date('2026-11-01T00:00:00.000Z'));
    expect(data.map((p) => p.id)).toEqual(['o', 'n']);
    expect(data[0]).toMatchObject({ date: '12 Oct', score: 70, density: 35, hairlineAge: 25 });
    expect(data[1]).toMatchObject({ date: '20 Oct', score: 80, density: 95, yearsUntilBald: 100 });
    expect(data[1]!.recessionLevel).toBe(metricPoints('recessionLevel', newer.recessionLevel));
  });

  it('offers the overall score and the six metrics', () => {
    expect(HISTORY_SERIES).toHaveLength(7);
    expect(SERIES_LABELS.score).toBe('Overall score');
    expect(SERIES_LABELS.yearsUntilBald).toBe('Years Until Bald');
    expect(isHistorySeries('density')).toBe(true);
    expect(isHistorySeries('commentary')).toBe(false);
    expect(historyChartData([])).toEqual([]);
  });
});

describe('history chart labels', () => {
  it('analyses on the same day are told apart by their time', () => {
    const a = analysisResult({ id: 'a', createdAt: '2026-10-12T08:00:00.000Z' });
    const b = analysisResult({ id: 'b', createdAt: '2026-10-12T15:30:00.000Z' });
    const c = analysisResult({ id: 'c', createdAt: '2026-10-14T15:30:00.000Z' });
    const labels = historyChartData([c, b, a], new Date('2026-11-01T00:00:00.000Z')).map((p) => p.date);
    expect(labels[0]).toMatch(/^12 Oct \S/);
    expect(labels[1]).toMatch(/^12 Oct \S/);
    expect(labels[0]).not.toBe(labels[1]);
    expect(labels[2]).toBe('14 Oct');
  });
});

describe('history chart: face and crown photos apart', () => {
  const now = new Date('2026-11-01T00:00:00.000Z');
  const face = (id: string, day: number, score: number, view: 'front' | 'bowed' = 'front') =>
    analysisResult({
      id,
      score,
      createdAt: `2026-10-${String(day).padStart(2, '0')}T10:00:00.000Z`,
      measurements: frontMeasurements({ view }),
    });
  const crown = (id: string, day: number, score: number) =>
    analysisResult({
      id,
      score,
      createdAt: `2026-10-${String(day).padStart(2, '0')}T10:00:00.000Z`,
      measurements: topMeasurements(),
    });

  it('each point is on the line of its kind: the hairline from the front, from above (bowed), the crown (top)', () => {
    const data = historyChartData([crown('c', 14, 40), face('b', 12, 70, 'bowed'), face('f', 10, 75)], now);
    expect(data.map((p) => [p.id, p.kind])).toEqual([
      ['f', 'face'],
      ['b', 'above'],
      ['c', 'crown'],
    ]);
    expect(chartKinds(data)).toEqual(['face', 'above', 'crown']);
  });

  it('a line never takes the other kind’s values, for the score and each metric', () => {
    const data = historyChartData([face('f', 10, 75), crown('c', 14, 40)], now);
    const [f, c] = data as [HistoryChartPoint, HistoryChartPoint];
    expect(kindValue(f, 'face', 'score')).toBe(75);
    expect(kindValue(c, 'face', 'score')).toBeNull();
    expect(kindValue(c, 'crown', 'score')).toBe(40);
    expect(kindValue(f, 'crown', 'density')).toBeNull();
    expect(kindValue(c, 'crown', 'density')).toBe(metricPoints('density', 'Good'));
  });

  it('a two-photo analysis is a face point; ratings stored before views are face points', () => {
    const twoPhotos = analysisResult({
      id: 't',
      measurements: frontMeasurements(),
      crown: { measurements: topMeasurements(), norwoodStage: 4, stageEstimate: 4.2, faceStageEstimate: 3.1 },
    });
    const old = analysisResult({ id: 'o', measurements: measurementsBeforeViews() });
    expect(historyChartData([twoPhotos, old], now).map((p) => p.kind)).toEqual(['face', 'face']);
    expect(viewKindOf({})).toBe('face');
    expect(viewKindOf({ measurements: { view: 'top' } })).toBe('crown');
    // the bowed-head selfie is the hairline seen from above, its own line, never a crown photo
    expect(viewKindOf({ measurements: { view: 'bowed' } })).toBe('above');
    const bowed = analysisResult({ id: 'b', measurements: frontMeasurements({ view: 'bowed' }) });
    expect(historyChartData([bowed], now).map((p) => p.kind)).toEqual(['above']);
    expect(chartKinds(historyChartData([bowed, crown('c', 10, 40), face('f', 12, 70)], now))).toEqual([
      'face',
      'above',
      'crown',
    ]);
  });

  it('a hairline photo read from above (a bowed head without a face) is on the line from above, never the crown', () => {
    // what the engine measures alike: the top view of a bowed head whose face it missed, and of a crown
    const fromAbove = analysisResult({
      id: 'h',
      createdAt: '2026-10-20T10:00:00.000Z',
      measurements: topMeasurements(),
      photoOf: 'hairline',
    });
    const crownAlone = analysisResult({
      id: 'c',
      createdAt: '2026-10-22T10:00:00.000Z',
      measurements: topMeasurements(),
      photoOf: 'crown',
    });
    // stored before the photo said what it is of: named by the engine's view, as then
    const before = analysisResult({ id: 'o', createdAt: '2026-10-10T10:00:00.000Z', measurements: topMeasurements() });
    const points = historyChartData([crownAlone, fromAbove, before], now);
    expect(points.map((p) => [p.id, p.kind])).toEqual([
      ['o', 'crown'],
      ['h', 'above'],
      ['c', 'crown'],
    ]);
    expect(chartKinds(points).map((k) => VIEW_KIND_LABELS[k])).toEqual(['Hairline from above', 'Crown']);
    // each is the latest of its own line: the hairline from above is not compared with a crown photo
    expect(points.find((p) => p.id === 'h')!.comparability).toEqual({ kind: 'latest' });
    // a crown photo in which the engine found a face was measured as a face: its line is the face's
    expect(viewKindOf({ measurements: { view: 'front' }, photoOf: 'crown' })).toBe('face');
    expect(viewKindOf({ measurements: { view: 'bowed' }, photoOf: 'hairline' })).toBe('above');
  });

  it('only kinds present get a line; a trend needs two points of one kind', () => {
    expect(chartKinds(historyChartData([face('f', 10, 75)], now))).toEqual(['face']);
    expect(chartKinds(historyChartData([crown('c', 10, 40)], now))).toEqual(['crown']);
    expect(noTrendYet(historyChartData([face('f', 10, 75), crown('c', 12, 40)], now))).toBe(true);
    expect(noTrendYet(historyChartData([crown('c', 10, 45), crown('d', 12, 40)], now))).toBe(false);
    expect(noTrendYet([])).toBe(true);
  });

  it('colours and names come from shared/view-kinds.ts, one per kind', () => {
    expect(new Set(Object.values(VIEW_KIND_COLOURS)).size).toBe(3);
    expect(VIEW_KIND_LABELS).toEqual({
      face: 'Hairline from the front',
      above: 'Hairline from above',
      crown: 'Crown',
    });
  });
});
