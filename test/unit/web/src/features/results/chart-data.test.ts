import { describe, expect, it } from 'vitest';
import { METRIC_KEYS, METRIC_TITLES } from '#shared/scoring.ts';
import { chartData, overallTone } from '#web/features/results/chart-data.ts';
import { CHART_TONE_COLORS } from '#web/features/results/score-style.ts';

describe('chartData', () => {
  it('scores each metric by the spec tables', () => {
    const data = chartData({
      recessionLevel: 'None',
      density: 'Good',
      foreheadSize: 'Large',
      hairlineAge: 'Senior',
      yearsUntilBald: '5-10 years',
      health: 'Terrible',
    });
    expect(data.map((d) => d.key)).toEqual([...METRIC_KEYS]);
    expect(data.map((d) => d.metric)).toEqual(METRIC_KEYS.map((k) => METRIC_TITLES[k]));
    expect(Object.fromEntries(data.map((d) => [d.key, d.points]))).toEqual({
      recessionLevel: 95,
      density: 80,
      foreheadSize: 35,
      hairlineAge: 25,
      yearsUntilBald: 40,
      health: 15,
    });
    expect(data.map((d) => d.tone)).toEqual(['green', 'green', 'red', 'red', 'orange', 'red']);
  });

  it('uses the defaults for missing values and 50 / 10 for unknown ones', () => {
    const data = chartData({ recessionLevel: 'Weird', yearsUntilBald: '0-2 years' });
    const byKey = Object.fromEntries(data.map((d) => [d.key, d.points]));
    expect(byKey.recessionLevel).toBe(50);
    expect(byKey.yearsUntilBald).toBe(10);
    expect(byKey.hairlineAge).toBe(75); // default Mature
    expect(byKey.health).toBe(60); // default Average
    expect(byKey.density).toBe(50);
  });

  it('colours by the spec thresholds (80 / 60 / 40)', () => {
    const tones = (value: string) => chartData({ yearsUntilBald: value }).find((d) => d.key === 'yearsUntilBald')!.tone;
    expect(tones('15+ years')).toBe('green');
    expect(tones('10-15 years')).toBe('amber');
    expect(tones('5-10 years')).toBe('orange');
    expect(tones('2-5 years')).toBe('red');
    expect(Object.keys(CHART_TONE_COLORS).sort()).toEqual(['amber', 'green', 'orange', 'red']);
  });

  it('gives the polygon the tone of the average', () => {
    expect(
      overallTone(
        chartData({
          recessionLevel: 'None',
          density: 'None',
          foreheadSize: 'None',
          hairlineAge: 'Young',
          yearsUntilBald: 'Never',
          health: 'Excellent',
        }),
      ),
    ).toBe('green');
    expect(
      overallTone(
        chartData({
          recessionLevel: 'Disaster',
          density: 'Disaster',
          foreheadSize: 'Massive',
          hairlineAge: 'Senior',
          yearsUntilBald: '2-5 years',
          health: 'Terrible',
        }),
      ),
    ).toBe('red');
  });
});
