import type { MetricDeltas, Progress } from '../../../../shared/schemas.ts';

/** Dates in the progress line read "12 Oct" (day, short month), with the year only when it differs. */
export const PROGRESS_DATE_LOCALE = 'en-GB';
/** Measurement changes below this (as a share, 0.5 percentage points) are shown as "about the same". */
export const MEASUREMENT_NOISE = 0.005;
const MINUS = '\u2212';

export type Trend = 'up' | 'down' | 'same';

/** "12 Oct" (or "12 Oct 2025" when the previous rating is from another year than `now`). */
export function formatShortDate(iso: string, now: Date = new Date(), locale = PROGRESS_DATE_LOCALE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) }).format(date);
}

/** "+4", "−3" (a real minus sign) or "±0". */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `${MINUS}${Math.abs(n)}`;
  return '±0';
}

export function scoreTrend(delta: number): Trend {
  return delta > 0 ? 'up' : delta < 0 ? 'down' : 'same';
}

/** "+4 since 12 Oct" */
export function formatScoreProgress(progress: Pick<Progress, 'scoreDelta' | 'previousCreatedAt'>, now?: Date): string {
  return `${signed(progress.scoreDelta)} since ${formatShortDate(progress.previousCreatedAt, now)}`;
}

export interface MeasurementChange {
  key: keyof MetricDeltas;
  text: string;
  /** better: good news for the hairline; worse: bad news; same: within noise */
  tone: 'better' | 'worse' | 'same';
}

const points = (ratio: number) => `${Math.round(Math.abs(ratio) * 1000) / 10} points`;

/** Per measurement: its name, the words for "more" and "less", and whether more is better. */
const MEASUREMENT_WORDS = {
  hairlineHeightRatio: { name: 'Hairline', more: 'higher', less: 'lower', moreIsBetter: false },
  templeRecession: { name: 'Temple recession', more: 'deeper', less: 'shallower', moreIsBetter: false },
  frontalCoverage: { name: 'Front coverage', more: 'up', less: 'down', moreIsBetter: true },
  topCoverage: { name: 'Top coverage', more: 'up', less: 'down', moreIsBetter: true },
} as const;

const MEASUREMENT_ORDER = ['norwoodStage', 'hairlineHeightRatio', 'templeRecession', 'frontalCoverage', 'topCoverage'] as const;

/** The measurement deltas in plain words, e.g. "Hairline 1.2 points lower", "Norwood stage 3 → 2 (one stage better)". */
export function describeMeasurementChanges(deltas: MetricDeltas | undefined): MeasurementChange[] {
  if (!deltas) return [];
  const out: MeasurementChange[] = [];
  for (const key of MEASUREMENT_ORDER) {
    const d = deltas[key];
    if (d === undefined) continue;
    if (key === 'norwoodStage') {
      if (d === 0) out.push({ key, text: 'Norwood stage unchanged', tone: 'same' });
      else {
        const stages = Math.abs(d) === 1 ? '1 stage' : `${Math.abs(d)} stages`;
        out.push({ key, text: `Norwood stage ${d < 0 ? 'down' : 'up'} ${stages} (${d < 0 ? 'better' : 'worse'})`, tone: d < 0 ? 'better' : 'worse' });
      }
      continue;
    }
    const w = MEASUREMENT_WORDS[key];
    if (Math.abs(d) < MEASUREMENT_NOISE) {
      out.push({ key, text: `${w.name} about the same`, tone: 'same' });
      continue;
    }
    const more = d > 0;
    out.push({ key, text: `${w.name} ${more ? w.more : w.less} by ${points(d)}`, tone: more === w.moreIsBetter ? 'better' : 'worse' });
  }
  return out;
}
