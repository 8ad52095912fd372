import {
  chartTone,
  METRIC_KEYS,
  METRIC_TITLES,
  metricPoints,
  type ChartTone,
  type MetricKey,
} from '#shared/scoring.ts';

export interface ChartPoint {
  key: MetricKey;
  metric: string;
  value: string;
  points: number;
  tone: ChartTone;
}

type MetricValues = Partial<Record<MetricKey, string | null | undefined>>;

/** One radar point per metric, scored by the shared point tables (missing values take the spec's defaults). */
export function chartData(result: MetricValues): ChartPoint[] {
  return METRIC_KEYS.map((key) => {
    const points = metricPoints(key, result[key]);
    return { key, metric: METRIC_TITLES[key], value: result[key] ?? '—', points, tone: chartTone(points) };
  });
}

/** The polygon takes the tone of the average point value. */
export function overallTone(points: readonly ChartPoint[]): ChartTone {
  const avg = points.reduce((sum, p) => sum + p.points, 0) / Math.max(points.length, 1);
  return chartTone(avg);
}
