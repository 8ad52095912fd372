/**
 * The measured figures of the /accuracy page: shared/accuracy-summary.json as `npm run eval:hairline --
 * --summary-json` writes it (checked against AccuracySummarySchema by the build, web/prerender.ts), and how the page
 * prints them. Each printed figure sits in a <data value> element holding the exact number, which the tests compare
 * with the JSON.
 */
import type { AccuracySummary, LabelledSetSummary } from '#shared/accuracy.ts';
import summaryJson from '#shared/accuracy-summary.json';

// the build checks the file against AccuracySummarySchema (web/prerender.ts); JSON imports type enums as plain strings
export const ACCURACY = summaryJson as AccuracySummary;

/** Rank statistics need two labels or more; a set with one label (e.g. all full hairlines) has none. */
export function hasRanking(set: LabelledSetSummary): boolean {
  return set.heldOut !== null;
}

const MINUS = '\u2212';

/** −0.810: correlations and AUC to three decimals, with a true minus sign */
export function formatStatistic(value: number): string {
  const text = Math.abs(value).toFixed(3);
  return value < 0 && Number(text) !== 0 ? `${MINUS}${text}` : text;
}

export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

export function formatScore(score: number): string {
  return score.toFixed(1);
}

/** score points, at most one decimal: 2, 0.5 */
export function formatPoints(points: number): string {
  return String(Math.round(points * 10) / 10);
}

/** a change in score points, signed, at most one decimal: +1.3, −0.6, 0 */
export function formatChange(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  if (rounded === 0) return '0';
  return rounded > 0 ? `+${rounded}` : `${MINUS}${Math.abs(rounded)}`;
}

/** 2026-11-22 → November 22, 2026, whatever the reader's time zone */
export function formatMeasuredOn(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/**
 * The page's plain summary, computed from the JSON: over the sets of photos the fit never saw (`heldOutBy: 'unseen'`),
 * the share of photo pairs with different labels the score orders right, each set weighted by the photos it scored,
 * as "N of 10".
 */
export function unseenSummary(summary = ACCURACY) {
  const sets = summary.sets.filter((s) => s.heldOutBy === 'unseen' && s.heldOut !== null);
  const scored = (s: LabelledSetSummary) => s.distinctPhotos * (1 - s.refusedShare);
  const photos = sets.reduce((n, s) => n + scored(s), 0);
  const concordance = photos ? sets.reduce((n, s) => n + scored(s) * s.heldOut!.concordance, 0) / photos : 0;
  return { sets: sets.length, photos: Math.round(photos), concordance, pairsOfTen: Math.round(concordance * 10) };
}
