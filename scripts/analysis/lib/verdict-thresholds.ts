/**
 * Fitting the thresholds of the hairline verdicts (shared/hairline-words.ts) on labelled photos, and holding them out:
 * the same code for `fit:words` and its unit test. A label is a portrait level 1..4, one per verdict.
 */
import {
  HAIRLINE_VERDICTS,
  VERDICT_MEASURES,
  verdictIndex,
  type VerdictAgreement,
  type VerdictBoundary,
  type VerdictInputs,
  type VerdictMeasure,
} from '#shared/hairline-words.ts';
import { round3 } from '#shared/statistics.ts';
import { FOLDS } from './stage-model-fit.ts';

export interface WordsRow extends VerdictInputs {
  /** the portrait level, 1..4 */
  label: number;
}

const LEVELS = HAIRLINE_VERDICTS.length;

/**
 * The threshold on one measure that best splits labels up to `below + 1` from the ones above, by balanced accuracy
 * (each side weighted equally, so the larger level does not win by default); the middle of the best gap between
 * observed values. Undefined when a side has no photo with the measure.
 */
export function bestThreshold(
  values: readonly { v: number; above: boolean }[],
): { threshold: number; balancedAccuracy: number } | undefined {
  const nAbove = values.filter((x) => x.above).length;
  const nBelow = values.length - nAbove;
  if (nAbove === 0 || nBelow === 0) return undefined;
  const sorted = [...values].sort((a, b) => a.v - b.v);
  // threshold between sorted[k-1] and sorted[k]: the first k are called "below"
  let belowRight = 0;
  let aboveRight = nAbove;
  let best: { threshold: number; balancedAccuracy: number } | undefined;
  for (let k = 1; k < sorted.length; k++) {
    if (sorted[k - 1]!.above) aboveRight--;
    else belowRight++;
    if (sorted[k]!.v === sorted[k - 1]!.v) continue;
    const ba = (belowRight / nBelow + aboveRight / nAbove) / 2;
    if (!best || ba > best.balancedAccuracy) {
      best = { threshold: (sorted[k - 1]!.v + sorted[k]!.v) / 2, balancedAccuracy: ba };
    }
  }
  return best;
}

const measured = (r: WordsRow, m: VerdictMeasure) => {
  const v = r[m];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

/** Each step of the verdicts on the measure that splits the training rows best (ties keep the earlier measure). */
export function fitBoundaries(rows: readonly WordsRow[]): VerdictBoundary[] {
  const out: VerdictBoundary[] = [];
  for (let below = 0; below < LEVELS - 1; below++) {
    const split = (m: VerdictMeasure) =>
      bestThreshold(
        rows.flatMap((r) => {
          const v = measured(r, m);
          return v === null ? [] : [{ v, above: r.label - 1 > below }];
        }),
      );
    const stage = split('stageEstimate');
    if (!stage) throw new Error(`no photos on one side of the step above "${HAIRLINE_VERDICTS[below]}"`);
    let chosen: { measure: VerdictMeasure; threshold: number; balancedAccuracy: number } = {
      measure: 'stageEstimate',
      ...stage,
    };
    for (const m of VERDICT_MEASURES) {
      const s = split(m);
      if (s && s.balancedAccuracy > chosen.balancedAccuracy) chosen = { measure: m, ...s };
    }
    out.push({
      below,
      measure: chosen.measure,
      threshold: round3(chosen.threshold),
      stageThreshold: round3(stage.threshold),
    });
  }
  return out;
}

/** How often the verdicts agree with the labels; `predicted[i]` is row i's verdict index. */
export function agreementOf(rows: readonly WordsRow[], predicted: readonly number[]): VerdictAgreement {
  const n = rows.length;
  const hit = (i: number) => predicted[i] === rows[i]!.label - 1;
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.label, (counts.get(r.label) ?? 0) + 1);
  const labels = [...counts.keys()].sort((a, b) => a - b);
  return {
    n,
    agreement: round3(rows.filter((_, i) => hit(i)).length / n),
    withinOne: round3(rows.filter((r, i) => Math.abs(predicted[i]! - (r.label - 1)) <= 1).length / n),
    baseline: round3(Math.max(...counts.values()) / n),
    byLabel: labels.map((label) => {
      const idx = rows.map((r, i) => (r.label === label ? i : -1)).filter((i) => i >= 0);
      return { label, n: idx.length, agreement: round3(idx.filter(hit).length / idx.length) };
    }),
  };
}

/** Out-of-fold verdicts: for each fold, thresholds fitted on the other folds' rows. `fold(i)` names row i's fold. */
export function crossValidateWords(rows: readonly WordsRow[], fold: (i: number) => number): number[] {
  const out = new Array<number>(rows.length);
  for (let f = 0; f < FOLDS; f++) {
    const boundaries = fitBoundaries(rows.filter((_, i) => fold(i) !== f));
    rows.forEach((r, i) => {
      if (fold(i) === f) out[i] = verdictIndex(r, boundaries);
    });
  }
  return out;
}
