import { describe, expect, it } from 'vitest';
import {
  describeMeasurementChanges, formatScoreProgress, formatShortDate, scoreTrend, signed,
} from '../../../web/src/features/results/progress.ts';

const NOW = new Date('2026-11-01T10:00:00.000Z');

describe('progress formatting', () => {
  it('"+4 since 12 Oct" with a short month', () => {
    expect(formatScoreProgress({ scoreDelta: 4, previousCreatedAt: '2026-10-12T09:41:07.512Z' }, NOW)).toBe('+4 since 12 Oct');
  });

  it('a drop uses a real minus sign; no change is ±0', () => {
    expect(formatScoreProgress({ scoreDelta: -3, previousCreatedAt: '2026-10-20T12:00:00.000Z' }, NOW)).toBe('\u22123 since 20 Oct');
    expect(signed(0)).toBe('±0');
  });

  it('adds the year only for another year', () => {
    expect(formatShortDate('2025-12-30T12:00:00.000Z', NOW)).toBe('30 Dec 2025');
    expect(formatShortDate('not a date', NOW)).toBe('');
  });

  it('trend by the sign of the delta', () => {
    expect([scoreTrend(4), scoreTrend(-1), scoreTrend(0)]).toEqual(['up', 'down', 'same']);
  });

  it('measurement deltas in plain words, with good/bad tone by what the measurement means', () => {
    const changes = describeMeasurementChanges({
      hairlineHeightRatio: -0.012,
      templeRecession: 0.031,
      frontalCoverage: 0.05,
      topCoverage: 0.001,
      norwoodStage: -1,
    });
    expect(changes.map((c) => [c.text, c.tone])).toEqual([
      ['Norwood stage down 1 stage (better)', 'better'],
      ['Hairline lower by 1.2 points', 'better'],
      ['Temple recession deeper by 3.1 points', 'worse'],
      ['Front coverage up by 5 points', 'better'],
      ['Top coverage about the same', 'same'],
    ]);
  });

  it('absent deltas say nothing', () => {
    expect(describeMeasurementChanges(undefined)).toEqual([]);
    expect(describeMeasurementChanges({ norwoodStage: 2 })).toEqual([{ key: 'norwoodStage', text: 'Norwood stage up 2 stages (worse)', tone: 'worse' }]);
  });
});
