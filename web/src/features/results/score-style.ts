import { scoreBand, type ChartTone, type ScoreTone } from '#shared/scoring.ts';

/** Badge colours for the spec's bands (above 85 / 60 / 30 / else). */
export const SCORE_TONE_CLASSES: Record<ScoreTone, string> = {
  top: 'from-accent-teal to-emerald-400 text-ink-950',
  good: 'from-emerald-500 to-green-400 text-ink-950',
  mid: 'from-amber-400 to-orange-400 text-ink-950',
  low: 'from-accent-red to-accent-pink text-white',
};

export function scoreToneClasses(score: number): string {
  return SCORE_TONE_CLASSES[scoreBand(score).tone];
}

/** The spec's chart colours: green ≥ 80, amber ≥ 60, orange ≥ 40, else red. */
export const CHART_TONE_COLORS: Record<ChartTone, string> = {
  green: '#22c55e',
  amber: '#f59e0b',
  orange: '#f97316',
  red: '#ef4444',
};
