/**
 * How well the six metric words a result shows follow the labels: Spearman ρ between each word's points on the
 * result's chart (shared/scoring.ts metricPoints: more hair, more points) and the label. A word that follows the
 * label well has ρ near −1; one that says "Terrible" of a full head of hair pulls it towards 0.
 */
import { METRIC_KEYS, metricPoints, type MetricKey } from '#shared/scoring.ts';
import type { Measurements } from '#shared/schemas.ts';
import { wordsAtStage } from '#lambdas/analysis/score/metrics.ts';
import { round3 } from '#shared/statistics.ts';
import { spearman } from './stats.ts';

export type MetricWords = Record<MetricKey, string>;

/**
 * The words a result would show with a held-out Norwood estimate: those that read the estimate (the age words always;
 * recession, density and forehead where the photo gives no measurement of their own, score/metrics.ts) read the given
 * stage; health reads the photo's measurements alone, so the result's own word is already held out.
 */
export function heldOutWords(result: { measurements: Measurements; health: string }, stage: number): MetricWords {
  return { ...wordsAtStage(result.measurements, stage), health: result.health };
}

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
