import { describe, expect, it } from 'vitest';
import type { MetricDeltas } from '#shared/schemas.ts';
import {
  describeMeasurementChanges,
  FACE_UNIT_NOISE,
  formatScoreProgress,
  formatShortDate,
  MEASUREMENT_NOISE,
  scoreTrend,
  signed,
} from '#web/features/results/progress.ts';

const NOW = new Date('2026-11-01T10:00:00.000Z');

describe('progress formatting', () => {
  it('"+4 since 12 Oct" with a short month', () => {
    expect(formatScoreProgress({ scoreDelta: 4, previousCreatedAt: '2026-10-12T09:41:07.512Z' }, NOW)).toBe(
      '+4 since 12 Oct',
    );
  });

  it('a drop uses a real minus sign; no change is ±0', () => {
    expect(formatScoreProgress({ scoreDelta: -3, previousCreatedAt: '2026-10-20T12:00:00.000Z' }, NOW)).toBe(
      '\u22123 since 20 Oct',
    );
    expect(signed(0)).toBe('±0');
  });

  it('adds the year only for another year', () => {
    expect(formatShortDate('2025-12-30T12:00:00.000Z', NOW)).toBe('30 Dec 2025');
    expect(formatShortDate('not a date', NOW)).toBe('');
  });

  it('trend by the sign of the delta', () => {
    expect([scoreTrend(4), scoreTrend(-1), scoreTrend(0)]).toEqual(['up', 'down', 'same']);
  });

  it('a rating stored before views: deltas in points of a share, as before, with good/bad tone by meaning', () => {
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

  it('front view: forehead and temple changes in mid-face units, with their own noise floor', () => {
    const changes = describeMeasurementChanges(
      { hairlineHeightRatio: 0.06, templeRecession: -0.04, frontalCoverage: -0.02, topCoverage: 0.004 },
      'front',
    );
    expect(changes.map((c) => [c.text, c.tone])).toEqual([
      ['Hairline higher by 0.06× mid-face', 'worse'],
      ['Temple corners shallower by 0.04× mid-face', 'better'],
      ['Front coverage down by 2 points', 'worse'],
      ['Top coverage about the same', 'same'],
    ]);
    expect(FACE_UNIT_NOISE).toBeGreaterThan(MEASUREMENT_NOISE);
    expect(describeMeasurementChanges({ hairlineHeightRatio: FACE_UNIT_NOISE / 2 }, 'front')[0]!.text).toBe(
      'Hairline about the same',
    );
  });

  it('top view: only coverage compares, never forehead or temples; the outer ring is the one around the crown', () => {
    const changes = describeMeasurementChanges(
      { hairlineHeightRatio: 0.2, templeRecession: 0.1, frontalCoverage: 0.04, topCoverage: -0.1, norwoodStage: 1 },
      'top',
    );
    expect(changes.map((c) => c.text)).toEqual([
      'Norwood stage up 1 stage (worse)',
      'Coverage around the crown up by 4 points',
      'Top coverage down by 10 points',
    ]);
  });

  it('a hairline from above measured from above: its outer ring is around the top of the head, not the crown', () => {
    const deltas = { frontalCoverage: 0.04, topCoverage: -0.1 };
    expect(describeMeasurementChanges(deltas, 'top', 'above').map((c) => c.text)).toEqual([
      'Coverage around the top up by 4 points',
      'Top coverage down by 10 points',
    ]);
    expect(describeMeasurementChanges(deltas, 'top', 'crown')[0]!.text).toBe(
      'Coverage around the crown up by 4 points',
    );
  });

  it('nulls or non-numbers in stored deltas are skipped, never "NaN"', () => {
    const deltas = {
      hairlineHeightRatio: null,
      templeRecession: Number.NaN,
      frontalCoverage: 0.05,
    } as unknown as MetricDeltas;
    for (const view of ['front', undefined] as const) {
      const changes = describeMeasurementChanges(deltas, view);
      expect(changes.map((c) => c.text)).toEqual(['Front coverage up by 5 points']);
    }
    expect(describeMeasurementChanges(deltas, 'top').map((c) => c.text)).toEqual([
      'Coverage around the crown up by 5 points',
    ]);
  });

  it('absent deltas say nothing', () => {
    expect(describeMeasurementChanges(undefined)).toEqual([]);
    expect(describeMeasurementChanges({ norwoodStage: 2 })).toEqual([
      { key: 'norwoodStage', text: 'Norwood stage up 2 stages (worse)', tone: 'worse' },
    ]);
  });
});
