import { METRIC_KEYS, METRIC_TITLES, metricPoints, type MetricKey } from '#shared/scoring.ts';
import { formatShortDate } from '#web/features/results/index.ts';

/** What the line chart can show: the overall score or one of the six metrics (as chart points). */
export type HistorySeries = 'score' | MetricKey;
export const HISTORY_SERIES: readonly HistorySeries[] = ['score', ...METRIC_KEYS];
export const SERIES_LABELS: Record<HistorySeries, string> = { score: 'Overall score', ...METRIC_TITLES };

export type HistoryChartPoint = { id: string; createdAt: string; date: string } & Record<HistorySeries, number>;

type Rated = { id: string; score: number; createdAt: string } & Partial<Record<MetricKey, string | null>>;

const timeOfDay = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/**
 * Oldest first (the API lists newest first), one point per analysis, metrics mapped with the shared point tables.
 * Analyses on the same day are told apart by their time.
 */
export function historyChartData(items: readonly Rated[], now: Date = new Date()): HistoryChartPoint[] {
  const days = items.map((item) => formatShortDate(item.createdAt, now));
  const repeated = new Set(days.filter((d, i) => days.indexOf(d) !== i));
  return [...items]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((item) => {
      const day = formatShortDate(item.createdAt, now);
      const date = repeated.has(day) ? `${day} ${timeOfDay(item.createdAt)}` : day;
      const point = { id: item.id, createdAt: item.createdAt, date, score: item.score } as HistoryChartPoint;
      for (const key of METRIC_KEYS) point[key] = metricPoints(key, item[key]);
      return point;
    });
}

export function isHistorySeries(value: string): value is HistorySeries {
  return (HISTORY_SERIES as readonly string[]).includes(value);
}
