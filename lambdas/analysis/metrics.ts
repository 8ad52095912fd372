/** From measurements to the spec's words: each metric has its own ladder of vocabulary, best first. */
import type { HairlineAge, MetricWord, YearsUntilBald } from '../../shared/scoring.ts';

/** pick the rung of a ladder for a 0..100 value, the ladder ordered from the highest band down */
function rung<T>(value: number, ladder: readonly (readonly [number, T])[]): T {
  for (const [min, word] of ladder) if (value >= min) return word;
  return ladder[ladder.length - 1]![1];
}

export function recessionWord(score: number, templeRecession: number): MetricWord {
  const v = score - Math.max(0, templeRecession) * 60;
  return rung<MetricWord>(v, [[85, 'None'], [68, 'Low'], [48, 'Medium'], [28, 'High'], [12, 'Severe'], [0, 'Disaster']]);
}

export function densityWord(coverage: number): MetricWord {
  return rung<MetricWord>(coverage * 100, [[75, 'Excellent'], [55, 'Good'], [35, 'Average'], [20, 'Low'], [8, 'Poor'], [0, 'Terrible']]);
}

/** a receded or absent hairline leaves a larger forehead */
export function foreheadWord(score: number): MetricWord {
  return rung<MetricWord>(score, [[75, 'Small'], [50, 'Medium'], [25, 'Large'], [0, 'Massive']]);
}

export function healthWord(score: number): MetricWord {
  return rung<MetricWord>(score, [[85, 'Excellent'], [65, 'Good'], [45, 'Average'], [25, 'Poor'], [0, 'Terrible']]);
}

export function hairlineAgeWord(score: number): HairlineAge {
  return rung<HairlineAge>(score, [[75, 'Young'], [50, 'Mature'], [25, 'Aging'], [0, 'Senior']]);
}

export function yearsUntilBaldWord(score: number): YearsUntilBald {
  return rung<YearsUntilBald>(score, [[85, 'Never'], [70, '15+ years'], [52, '10-15 years'], [35, '5-10 years'], [18, '2-5 years'], [0, '0-2 years']]);
}

/** Norwood 1..7 from the score, with confidence from the measurement trust and the distance to the stage's centre. */
export function norwoodFromScore(score: number, trust: number): { stage: number; confidence: number } {
  const continuous = 1 + ((95 - Math.min(95, Math.max(5, score))) / 90) * 6;
  const stage = Math.round(continuous);
  const centring = 1 - Math.abs(continuous - stage);
  return { stage, confidence: Math.round(Math.min(0.95, trust * (0.45 + 0.4 * centring)) * 100) / 100 };
}
