/** The history chart with a two-photo analysis: its crown photo is a mark on the crown line, counted in the label. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markDot } from '#web/features/history/ChartMarks.tsx';
import HistoryChart from '#web/features/history/HistoryChart.tsx';
import { historyChartData } from '#web/features/history/history-chart-data.ts';
import { stubResizeObserver } from '#test/unit/web/support/render-helpers.tsx';
import { NOW, crownAlone, faceAlone, twoPhotos } from './history-photos.fixtures.ts';

beforeEach(() => stubResizeObserver());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const dotProps = (payload: unknown) => ({ cx: 10, cy: 10, payload, index: 0, points: [], dataKey: 'x', value: 1 });

describe('HistoryChart: a two-photo analysis', () => {
  it('draws the crown line from its crown photo, the label counting both photos marks', () => {
    const data = historyChartData([twoPhotos('t', 20, 62, 41), crownAlone('c', 15, 35), faceAlone('f', 10, 61)], NOW);
    render(<HistoryChart data={data} series="score" animate={false} />);
    const chart = screen.getByTestId('history-chart');
    expect(chart.dataset.kinds).toBe('face crown');
    expect(chart.getAttribute('aria-label')).toBe(
      'Overall score over time, 3 analyses, hairline from the front and crown apart; 2 comparable with the latest',
    );
  });

  it("each line's dot is the mark of its own photo: the crown line's the crown photo's", () => {
    const [, two] = historyChartData([twoPhotos('t', 20, 62, 41), crownAlone('c', 10, 35)], NOW);
    const drawn = (line: 'face' | 'crown' | 'above') => {
      const { container, unmount } = render(<svg>{markDot('#fff', line)(dotProps(two))}</svg>);
      const mark = container.querySelector('[data-testid="history-chart-mark"]')?.getAttribute('data-mark') ?? null;
      unmount();
      return mark;
    };
    expect(drawn('face')).toBe('latest');
    expect(drawn('crown')).toBe('latest');
    expect(drawn('above')).toBeNull();
    const [lone] = historyChartData([twoPhotos('t', 20, 62, 41), crownAlone('c', 10, 35)], NOW);
    const { container } = render(<svg>{markDot('#fff', 'crown')(dotProps(lone))}</svg>);
    expect(container.querySelector('[data-mark]')?.getAttribute('data-mark')).toBe('comparable');
  });
});
