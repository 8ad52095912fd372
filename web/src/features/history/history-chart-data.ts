import { METRIC_KEYS, METRIC_TITLES, metricPoints, type MetricKey } from '#shared/scoring.ts';
import { VIEW_KINDS, viewKindOf, type ViewKind } from '#shared/view-kinds.ts';
import { isYours } from '#shared/face-identity.ts';
import type { CrownPart, RatingIdentity } from '#shared/schemas.ts';
import { formatShortDate } from '#web/features/results/index.ts';
import { comparabilityWithLatest, type Comparability, type ComparableItem } from './comparability.ts';
import { crownPhotoId, crownPhotoOf, historyPhotos } from './history-photos.ts';

/** What the line chart can show: the overall score or one of the six metrics (as chart points). */
export type HistorySeries = 'score' | MetricKey;
export const HISTORY_SERIES: readonly HistorySeries[] = ['score', ...METRIC_KEYS];
export const SERIES_LABELS: Record<HistorySeries, string> = { score: 'Overall score', ...METRIC_TITLES };

export type HistoryChartPoint = {
  id: string;
  createdAt: string;
  date: string;
  /** which line the point is on: the hairline from the front, from above, the crown (their scores are not comparable) */
  kind: ViewKind;
  /** whether it can be compared with the latest point of its line: the history list's mark, from the same function */
  comparability: Comparability;
  /**
   * a two-photo analysis's crown photo, on the crown line at the same date: its own score and its mark against the
   * latest crown photo. The six metrics are the analysis's words, said from both photos: the crown has none of its own.
   */
  crown?: { score: number; comparability: Comparability };
} & Record<HistorySeries, number>;

type Rated = ComparableItem & {
  score: number;
  createdAt: string;
  identity?: RatingIdentity;
  crown?: Pick<CrownPart, 'score' | 'measurements' | 'captureConditions'>;
} & Partial<Record<MetricKey, string | null>>;

const timeOfDay = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/**
 * The user's own analyses only (someone else's, or one still asking "Is this you?", is not their progress), oldest first
 * (the API lists newest first), one point per analysis, metrics mapped with the shared point tables.
 * Analyses on the same day are told apart by their time. A two-photo analysis is a point of its face photo's kind
 * (from the front, or from above with the head bowed) and, at the same date, its crown photo's own score on the crown
 * line (history-photos.ts; not for those stored before the crown's score was kept); a crown photo alone is a crown
 * point; a bowed head whose face the engine missed, taken as a hairline photo, is a point from above
 * (shared/view-kinds.ts).
 */
export function historyChartData(all: readonly Rated[], now: Date = new Date()): HistoryChartPoint[] {
  const items = all.filter(isYours);
  const days = items.map((item) => formatShortDate(item.createdAt, now));
  const repeated = new Set(days.filter((d, i) => days.indexOf(d) !== i));
  const newestFirst = [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const comparability = comparabilityWithLatest(historyPhotos(newestFirst));
  const markOf = (id: string): Comparability => comparability.get(id) ?? { kind: 'unknown' };
  return [...items]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((item) => {
      const day = formatShortDate(item.createdAt, now);
      const date = repeated.has(day) ? `${day} ${timeOfDay(item.createdAt)}` : day;
      const kind = viewKindOf(item);
      const point = {
        id: item.id,
        createdAt: item.createdAt,
        date,
        kind,
        comparability: markOf(item.id),
        score: item.score,
      } as HistoryChartPoint;
      const crown = crownPhotoOf(item);
      if (crown) point.crown = { score: crown.score, comparability: markOf(crownPhotoId(item.id)) };
      for (const key of METRIC_KEYS) point[key] = metricPoints(key, item[key]);
      return point;
    });
}

/** The marks on one point's lines: its own, and its crown photo's on the crown line. */
export function pointMarks(point: HistoryChartPoint): { kind: ViewKind; comparability: Comparability }[] {
  const own = { kind: point.kind, comparability: point.comparability };
  return point.crown ? [own, { kind: 'crown', comparability: point.crown.comparability }] : [own];
}

/** The kinds of photo the points hold, in a fixed order (front, from above, crown): one line each. */
export function chartKinds(points: readonly HistoryChartPoint[]): ViewKind[] {
  return VIEW_KINDS.filter((kind) => points.some((p) => pointMarks(p).some((m) => m.kind === kind)));
}

/**
 * A point's value on one kind's line; null on the other's (the line joins its own points across the gap). A two-photo
 * analysis's crown photo has its score on the crown line and no metric words of its own: null there for the metrics.
 */
export function kindValue(point: HistoryChartPoint, kind: ViewKind, series: HistorySeries): number | null {
  if (point.kind === kind) return point[series];
  return kind === 'crown' && point.crown && series === 'score' ? point.crown.score : null;
}

/** The mark of a point on one kind's line (the crown line's of a two-photo analysis is its crown photo's). */
export function kindMark(point: HistoryChartPoint, kind: ViewKind): Comparability | undefined {
  return pointMarks(point).find((m) => m.kind === kind)?.comparability;
}

/** True when no line has two points yet, so there is no trend to see. */
export function noTrendYet(points: readonly HistoryChartPoint[]): boolean {
  const marks = points.flatMap(pointMarks);
  return chartKinds(points).every((kind) => marks.filter((m) => m.kind === kind).length < 2);
}

export function isHistorySeries(value: string): value is HistorySeries {
  return (HISTORY_SERIES as readonly string[]).includes(value);
}
