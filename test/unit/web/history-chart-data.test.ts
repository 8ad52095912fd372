import { describe, expect, it } from 'vitest';
import { metricPoints } from '#shared/scoring.ts';
import {
  HISTORY_SERIES,
  historyChartData,
  isHistorySeries,
  SERIES_LABELS,
} from '#web/features/history/history-chart-data.ts';
import { analysisResult } from './fixtures.ts';

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
