/** Score bands, metric vocabularies and chart points: the one copy used by the engine and the web app. */

export const RATING_LABELS = ['Cooked', 'Mid', 'W Rizz', 'Certified Rizz God'] as const;
export type RatingLabel = (typeof RATING_LABELS)[number];

/** Bands are exclusive lower bounds: above 85, above 60, above 30, else the lowest. */
export const SCORE_BANDS = [
  { above: 85, label: 'Certified Rizz God', tone: 'top' },
  { above: 60, label: 'W Rizz', tone: 'good' },
  { above: 30, label: 'Mid', tone: 'mid' },
  { above: -Infinity, label: 'Cooked', tone: 'low' },
] as const satisfies readonly { above: number; label: RatingLabel; tone: string }[];

export type ScoreTone = (typeof SCORE_BANDS)[number]['tone'];

export function scoreBand(score: number) {
  return SCORE_BANDS.find((b) => score > b.above)!;
}

export function ratingForScore(score: number): RatingLabel {
  return scoreBand(score).label;
}

export const LANDING_EXAMPLES = [
  { label: 'Cooked', score: 15 },
  { label: 'Mid', score: 45 },
  { label: 'W Rizz', score: 75 },
  { label: 'Certified Rizz God', score: 95 },
] as const;

/** The shared vocabulary of recessionLevel, density, foreheadSize and health. */
export const METRIC_WORDS = [
  'None',
  'Excellent',
  'Never',
  'Good',
  'Low',
  'Small',
  'Young',
  'Average',
  'Medium',
  'Mature',
  'Poor',
  'High',
  'Large',
  'Aging',
  'Terrible',
  'Severe',
  'Massive',
  'Disaster',
  'Senior',
] as const;
export type MetricWord = (typeof METRIC_WORDS)[number];

export const YEARS_UNTIL_BALD = ['Never', '15+ years', '10-15 years', '5-10 years', '2-5 years', '0-2 years'] as const;
export type YearsUntilBald = (typeof YEARS_UNTIL_BALD)[number];

export const HAIRLINE_AGES = ['Young', 'Mature', 'Aging', 'Senior'] as const;
export type HairlineAge = (typeof HAIRLINE_AGES)[number];

export const METRIC_DEFAULTS = { yearsUntilBald: '10-15 years', hairlineAge: 'Mature', health: 'Average' } as const;

export const METRIC_KEYS = [
  'recessionLevel',
  'density',
  'foreheadSize',
  'hairlineAge',
  'yearsUntilBald',
  'health',
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

export const METRIC_TITLES: Record<MetricKey, string> = {
  recessionLevel: 'Recession',
  density: 'Density',
  foreheadSize: 'Forehead',
  hairlineAge: 'Hairline Age',
  yearsUntilBald: 'Years Until Bald',
  health: 'Health',
};

const WORD_POINTS: Record<string, number> = {
  None: 95,
  Excellent: 95,
  Never: 95,
  Good: 80,
  Low: 80,
  Small: 80,
  Young: 80,
  Average: 60,
  Medium: 60,
  Mature: 60,
  Poor: 35,
  High: 35,
  Large: 35,
  Aging: 35,
  Terrible: 15,
  Severe: 15,
  Massive: 15,
  Disaster: 15,
  Senior: 15,
};

const YEARS_POINTS: Record<string, number> = {
  Never: 100,
  '15+ years': 85,
  '10-15 years': 65,
  '5-10 years': 40,
  '2-5 years': 20,
};

const AGE_POINTS: Record<string, number> = { Young: 95, Mature: 75, Aging: 50, Senior: 25 };

/** Radar-chart points for one metric value, by the spec's tables. */
export function metricPoints(key: MetricKey, value: string | undefined | null): number {
  const v = value ?? METRIC_DEFAULTS[key as keyof typeof METRIC_DEFAULTS];
  if (key === 'yearsUntilBald') return YEARS_POINTS[v ?? ''] ?? 10;
  if (key === 'hairlineAge') return AGE_POINTS[v ?? ''] ?? 50;
  return WORD_POINTS[v ?? ''] ?? 50;
}

export type ChartTone = 'green' | 'amber' | 'orange' | 'red';

export function chartTone(points: number): ChartTone {
  if (points >= 80) return 'green';
  if (points >= 60) return 'amber';
  if (points >= 40) return 'orange';
  return 'red';
}
