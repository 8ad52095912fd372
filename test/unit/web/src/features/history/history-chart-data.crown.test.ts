/**
 * A two-photo analysis on the history chart: its face photo's point on its own line and, at the same date, its crown
 * photo's own score on the crown line, beside crown photos analysed alone, each marked against the latest crown photo.
 */
import { describe, expect, it } from 'vitest';
import {
  chartKinds,
  historyChartData,
  kindMark,
  kindValue,
  noTrendYet,
  type HistoryChartPoint,
} from '#web/features/history/history-chart-data.ts';
import { CLOSER_CROWN, NOW, crownAlone, faceAlone, twoPhotos } from './history-photos.fixtures.ts';

const point = (points: HistoryChartPoint[], id: string) => points.find((p) => p.id === id)!;

describe('history chart data: the crown photo of a two-photo analysis', () => {
  it('is a point on the crown line with its own score, the face photo a point on the face line', () => {
    const points = historyChartData([twoPhotos('t', 20, 62, 41), crownAlone('c', 10, 35)], NOW);
    expect(points.map((p) => p.id)).toEqual(['c', 't']);
    expect(chartKinds(points)).toEqual(['face', 'crown']);
    const two = point(points, 't');
    expect(kindValue(two, 'face', 'score')).toBe(62);
    expect(kindValue(two, 'crown', 'score')).toBe(41);
    expect(kindValue(point(points, 'c'), 'crown', 'score')).toBe(35);
    expect(kindValue(point(points, 'c'), 'face', 'score')).toBeNull();
    // the crown line has two points: a trend to see
    expect(noTrendYet(points)).toBe(false);
  });

  it('has no metric words of its own: null on the crown line for the six metrics, the face photo keeps its words', () => {
    const two = point(historyChartData([twoPhotos('t', 20, 62, 41)], NOW), 't');
    for (const series of ['density', 'recessionLevel', 'health', 'hairlineAge'] as const) {
      expect(kindValue(two, 'crown', series)).toBeNull();
      expect(kindValue(two, 'face', series)).toBe(two[series]);
    }
  });

  it('is marked against the latest crown photo, alone or beside a face photo, and is the latest when newest', () => {
    const points = historyChartData(
      [twoPhotos('t2', 20, 60, 44), crownAlone('c', 15, 40), twoPhotos('t1', 10, 58, 39, { capture: CLOSER_CROWN })],
      NOW,
    );
    expect(kindMark(point(points, 't2'), 'crown')).toEqual({ kind: 'latest' });
    expect(kindMark(point(points, 'c'), 'crown')).toEqual({ kind: 'comparable' });
    expect(kindMark(point(points, 't1'), 'crown')?.kind).toBe('incomparable');
    // the face photos are marked among the face photos
    expect(kindMark(point(points, 't2'), 'face')).toEqual({ kind: 'latest' });
    expect(kindMark(point(points, 't1'), 'face')).toEqual({ kind: 'comparable' });
  });

  it('a crown photo alone after it is the latest crown, the two-photo crown compared with it', () => {
    const points = historyChartData([crownAlone('c', 20, 40), twoPhotos('t', 10, 60, 44), faceAlone('f', 5, 61)], NOW);
    expect(kindMark(point(points, 'c'), 'crown')).toEqual({ kind: 'latest' });
    expect(kindMark(point(points, 't'), 'crown')).toEqual({ kind: 'comparable' });
    expect(kindMark(point(points, 't'), 'face')).toEqual({ kind: 'latest' });
  });

  it('stored before the crown kept its score: no crown point (nothing is made up)', () => {
    const points = historyChartData([twoPhotos('t', 20, 62, undefined)], NOW);
    expect(points[0]!.crown).toBeUndefined();
    expect(chartKinds(points)).toEqual(['face']);
    expect(kindValue(points[0]!, 'crown', 'score')).toBeNull();
  });

  it("someone else's two-photo analysis gives no point on either line", () => {
    const points = historyChartData(
      [twoPhotos('x', 20, 62, 41, { identity: 'someone-else' }), crownAlone('c', 10, 35)],
      NOW,
    );
    expect(points.map((p) => p.id)).toEqual(['c']);
    expect(kindMark(points[0]!, 'crown')).toEqual({ kind: 'latest' });
  });
});
