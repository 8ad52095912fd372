/**
 * How well the six metric words a result shows follow the labels: Spearman ρ between each word's points on the
 * result's chart (shared/scoring.ts metricPoints: more hair, more points) and the label. A word that follows the
 * label well has ρ near −1; one that says "Terrible" of a full head of hair pulls it towards 0.
 */
import { METRIC_KEYS, metricPoints, type MetricKey } from '#shared/scoring.ts';
import { rateStage, type Reading } from '#lambdas/analysis/offline.ts';
import { round3 } from '#shared/statistics.ts';
import { spearman } from './stats.ts';

export type MetricWords = Record<MetricKey, string>;

/** The result a photo would get with a held-out Norwood estimate: its reading said with that estimate (score/reading.ts). */
export function heldOutResult(result: { reading: Reading }, stage: number) {
  return rateStage({ ...result.reading, stage });
}

/** the six metric words of a result */
export const metricWordsOf = (r: MetricWords): MetricWords =>
  Object.fromEntries(METRIC_KEYS.map((k) => [k, r[k]])) as MetricWords;

/** ρ per metric word; null when the photos hold one label only, or the word never changes */
export function wordAgreement(
  photos: readonly { words: MetricWords; label: number }[],
): Record<MetricKey, number | null> {
  const labels = photos.map((p) => p.label);
  return Object.fromEntries(
    METRIC_KEYS.map((key) => {
      const points = photos.map((p) => metricPoints(key, p.words[key]));
      const rho = new Set(labels).size > 1 && new Set(points).size > 1 ? spearman(points, labels) : null;
      return [key, rho === null ? null : round3(rho)];
    }),
  ) as Record<MetricKey, number | null>;
}
