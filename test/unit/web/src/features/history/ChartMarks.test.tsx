/** The history chart marks which points are comparable with the latest: the list's marks, by shape, with a legend. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETAKE_TOLERANCES } from '#shared/comparable.ts';
import type { AnalysisResult, CaptureConditions } from '#shared/schemas.ts';
import { MARK_LABELS, MarkLegend, markDot, marksSummary, type MarkKind } from '#web/features/history/ChartMarks.tsx';
import HistoryChart from '#web/features/history/HistoryChart.tsx';
import { comparabilityWithLatest } from '#web/features/history/comparability.ts';
import { historyChartData, type HistoryChartPoint } from '#web/features/history/history-chart-data.ts';
import {
  analysisResult,
  frontMeasurements,
  topMeasurements,
  CROWN_CAPTURE,
  FACE_CAPTURE,
} from '#test/support/ratings.ts';
import { stubResizeObserver } from '#test/unit/web/support/render-helpers.tsx';

beforeEach(() => stubResizeObserver());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const face = FACE_CAPTURE;
const crown = CROWN_CAPTURE;
const further: CaptureConditions = { ...face, size: face.size! / (RETAKE_TOLERANCES.sizeRatio * 1.2) };

const rating = (id: string, day: number, conditions: CaptureConditions | undefined): AnalysisResult =>
  analysisResult({
    id,
    createdAt: `2026-10-${String(day).padStart(2, '0')}T10:00:00.000Z`,
    measurements: conditions?.view === 'top' ? topMeasurements() : frontMeasurements(),
    ...(conditions ? { captureConditions: conditions } : {}),
  });

// newest first, as the API lists them: the latest face photo was taken further away than the one of the 14th
const items = [
  rating('f5', 20, further),
  rating('c4', 18, crown),
  rating('f3', 14, face),
  rating('f2', 12, { ...further, brightness: 119 }),
  rating('f1', 10, undefined),
];
const now = new Date('2026-11-01T00:00:00.000Z');
const markOf = (points: HistoryChartPoint[], id: string) => points.find((p) => p.id === id)!.comparability.kind;

describe('history chart marks', () => {
  it('each point carries the history list’s mark (one function, shared/comparable.ts), in any order given', () => {
    const list = comparabilityWithLatest(items);
    for (const given of [items, [...items].reverse()]) {
      const points = historyChartData(given, now);
      expect(points.map((p) => p.id)).toEqual(['f1', 'f2', 'f3', 'c4', 'f5']);
      for (const p of points) expect(p.comparability).toEqual(list.get(p.id));
    }
    const points = historyChartData(items, now);
    expect(['f5', 'c4', 'f3', 'f2', 'f1'].map((id) => markOf(points, id))).toEqual([
      'latest',
      'latest',
      'incomparable',
      'comparable',
      'unknown',
    ]);
  });

  it('the chart’s label counts the marks; the legend names each mark the points carry', () => {
    render(<HistoryChart data={historyChartData(items, now)} series="score" animate={false} />);
    expect(screen.getByTestId('history-chart').getAttribute('aria-label')).toBe(
      'Overall score over time, 5 analyses, hairline from the front and crown apart; ' +
        '1 comparable with the latest, 1 not comparable with the latest',
    );
    const legend = screen.getByTestId('history-chart-legend');
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Latest',
      'Comparable with the latest',
      'Not comparable with the latest',
      'Taken before pose, distance and light were recorded',
    ]);
    // the legend is outside the chart's image, so a screen reader reads it
    expect(screen.getByTestId('history-chart').contains(legend)).toBe(false);
  });

  it('no legend and no count when nothing can be compared yet (one photo per kind, or none with conditions)', () => {
    const lone = historyChartData([rating('f2', 12, face), rating('c1', 10, crown)], now);
    expect(marksSummary(lone)).toBe('');
    render(<MarkLegend points={lone} />);
    expect(screen.queryByTestId('history-chart-legend')).toBeNull();
    const old = historyChartData([rating('f2', 12, face), rating('f1', 10, undefined)], now);
    expect(marksSummary(old)).toBe('');
  });

  it('the marks differ by shape, not colour alone: each one drawn in the same colour looks different', () => {
    const kinds: MarkKind[] = ['latest', 'comparable', 'incomparable', 'unknown'];
    const drawn = kinds.map((kind) => {
      const Dot = markDot('#ffffff', 'face');
      const point = { kind: 'face', comparability: kind === 'incomparable' ? { kind, reason: 'x' } : { kind } };
      const { container, unmount } = render(
        <svg>{Dot({ cx: 10, cy: 10, payload: point, index: 0, points: [], dataKey: 'score', value: 1 })}</svg>,
      );
      const g = container.querySelector('[data-testid="history-chart-mark"]')!;
      expect(g.getAttribute('data-mark')).toBe(kind);
      const shape = g.innerHTML;
      unmount();
      return shape;
    });
    expect(new Set(drawn).size).toBe(kinds.length);
    expect(drawn[2]).toContain('stroke="#ffffff"');
    expect(drawn[2]).not.toContain('fill="#ffffff"');
  });

  it('a point on the other kind’s line draws no mark', () => {
    const Dot = markDot('#ffffff', 'face');
    expect(
      Dot({ cx: undefined, cy: undefined, payload: {}, index: 0, points: [], dataKey: 'score', value: null }),
    ).toBeNull();
    expect(MARK_LABELS.incomparable).toBe('Not comparable with the latest');
  });
});
