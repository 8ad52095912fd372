import { METRIC_KEYS, METRIC_TITLES, metricPoints, type MetricKey } from '#shared/scoring.ts';
import type { SharedRating } from '#shared/schemas.ts';

export type Side = 'a' | 'b';
export type Winner = Side | 'tie';

export interface SideValue {
  value: string;
  points: number;
}

export interface MetricComparison {
  key: MetricKey;
  title: string;
  a: SideValue;
  b: SideValue;
  /** higher points win; equal points are a tie */
  winner: Winner;
}

export interface Comparison {
  metrics: MetricComparison[];
  /** by overall score */
  overall: Winner;
  /** metrics won by each side */
  wins: Record<Side, number>;
}

export function winnerOf(a: number, b: number): Winner {
  return a > b ? 'a' : b > a ? 'b' : 'tie';
}

type Comparable = Pick<SharedRating, 'score' | MetricKey>;

export function compareRatings(a: Comparable, b: Comparable): Comparison {
  const metrics = METRIC_KEYS.map((key): MetricComparison => {
    const pa = metricPoints(key, a[key]);
    const pb = metricPoints(key, b[key]);
    return {
      key,
      title: METRIC_TITLES[key],
      a: { value: a[key], points: pa },
      b: { value: b[key], points: pb },
      winner: winnerOf(pa, pb),
    };
  });
  const wins = { a: metrics.filter((m) => m.winner === 'a').length, b: metrics.filter((m) => m.winner === 'b').length };
  return { metrics, overall: winnerOf(a.score, b.score), wins };
}

/** "alex wins", "It's a tie" */
export function overallText(comparison: Comparison, names: Record<Side, string>): string {
  return comparison.overall === 'tie' ? "It's a tie" : `${names[comparison.overall]} wins`;
}

/** Two people may share the same display name (or both be "Anonymous"): tell them apart. */
export function sideNames(a: string, b: string): Record<Side, string> {
  return a === b ? { a: `${a} (A)`, b: `${b} (B)` } : { a, b };
}
