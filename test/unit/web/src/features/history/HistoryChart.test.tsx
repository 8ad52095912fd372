/** The history chart names its lines: one per kind of photo, never a face and a crown score on one line. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HistoryChart from '#web/features/history/HistoryChart.tsx';
import { historyChartData } from '#web/features/history/history-chart-data.ts';
import { analysisResult, frontMeasurements, topMeasurements } from '#test/support/ratings.ts';
import { stubResizeObserver } from '#test/unit/web/support/render-helpers.tsx';

beforeEach(() => stubResizeObserver());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const face = analysisResult({ id: 'f', createdAt: '2026-10-10T10:00:00.000Z', measurements: frontMeasurements() });
const crown = analysisResult({ id: 'c', createdAt: '2026-10-12T10:00:00.000Z', measurements: topMeasurements() });

describe('HistoryChart', () => {
  it('face and crown photos: two lines, said in its label', () => {
    render(<HistoryChart data={historyChartData([crown, face])} series="score" animate={false} />);
    const chart = screen.getByTestId('history-chart');
    expect(chart.dataset.kinds).toBe('face crown');
    expect(chart.getAttribute('aria-label')).toBe(
      'Overall score over time, 2 analyses, hairline from the front and crown apart',
    );
  });

  it('one kind only: one line, the label as before', () => {
    render(<HistoryChart data={historyChartData([face])} series="density" animate={false} />);
    const chart = screen.getByTestId('history-chart');
    expect(chart.dataset.kinds).toBe('face');
    expect(chart.getAttribute('aria-label')).toBe('Density over time, 1 analysis');
  });
});
