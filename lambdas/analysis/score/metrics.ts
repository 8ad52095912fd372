/**
 * The six metrics, each from its own measurement, in the spec's vocabularies. Each ladder runs best first, and its words
 * are picked so that the spec's chart points (scoring.ts metricPoints) fall as the measurement worsens.
 *
 * - recessionLevel: front: how far the hairline has moved back, the midline forehead height above a full hairline's
 *   (FULL_FOREHEAD) plus the temple corners' depth; top view (no temples or brows in sight), and a face whose forehead
 *   runs up to the top of the head (topIsBare: the height measured ends where the head ends, so it says "at least"):
 *   the Norwood estimate. A bald man seen from the front read Medium on 9 of the 20 level-4 dev portraits.
 * - density: front: hair coverage of the band behind the hairline, weighted by strand texture; top view: the Norwood
 *   estimate. Seen from above the mask's coverage is no measure of density: its ring around the crown takes in the
 *   forehead of a bowed head and misses tightly coiled hair, so 55 % of the two lowest labels' top views read Poor or
 *   Terrible (docs/benchmarks-log.md "Hairline analysis v4.17"); the fitted estimate reads the hair from above far
 * better.
 * - foreheadSize: front: the forehead-height ratio itself; top view and a bare top of the head: the Norwood estimate.
 * - health: strand texture, evenness (left against right, front against top) and the absence of scalp shine.
 * - hairlineAge, yearsUntilBald: the continuous Norwood estimate read through the table of how common each stage is by
 *   age (shared/hairline-age.ts): the age of a typical man with this hairline, and the typical years from it to Norwood
 *   VI. Never the face's apparent age.
 */
import type { HairlineAge, MetricWord, YearsUntilBald } from '#shared/scoring.ts';
import type { Measurements } from '#shared/schemas.ts';
import { FOREHEAD_REFERENCE, topIsBare } from '#shared/hairline.ts';
import {
  hairlineAgeFigures,
  hairlineAgeWordForAge,
  typicalAge,
  yearsToAdvanced,
  yearsUntilBaldWordForYears,
} from '#shared/hairline-age.ts';

const FULL_FOREHEAD = FOREHEAD_REFERENCE.full;

/** the first rung whose threshold the value reaches, ladders ordered from the best value down */
function rung<T>(value: number, ladder: readonly (readonly [number, T])[]): T {
  for (const [min, word] of ladder) if (value >= min) return word;
  return ladder[ladder.length - 1]![1];
}

/** 0 (none) .. about 1.5 (hairline at the top of the head), front view only */
export function recessionIndex(m: Pick<Measurements, 'hairlineHeightRatio' | 'templeRecession'>): number | undefined {
  if (m.hairlineHeightRatio === null || m.templeRecession === null) return undefined;
  return Math.max(0, m.hairlineHeightRatio - FULL_FOREHEAD) + Math.max(0, m.templeRecession);
}

export function recessionWord(m: Measurements, stage: number): MetricWord {
  const index = recessionIndex(m);
  if (index === undefined || topIsBare(m))
    return rung<MetricWord>(-stage, [
      [-1.5, 'None'],
      [-2.5, 'Low'],
      [-3.5, 'Medium'],
      [-5, 'High'],
      [-6.2, 'Severe'],
      [-99, 'Disaster'],
    ]);
  return rung<MetricWord>(-index, [
    [-0.1, 'None'],
    [-0.25, 'Low'],
    [-0.4, 'Medium'],
    [-0.55, 'High'],
    [-0.75, 'Severe'],
    [-99, 'Disaster'],
  ]);
}

/** coverage (0..1) weighted by strand texture (0..1): dense hair has both */
export function densityIndex(m: Pick<Measurements, 'frontalCoverage' | 'strandTexture'>): number {
  return m.frontalCoverage * (0.6 + 0.4 * (m.strandTexture ?? 0.5));
}

export function densityWord(m: Measurements, stage: number): MetricWord {
  if (m.view === 'top')
    return rung<MetricWord>(-stage, [
      [-1.5, 'Excellent'],
      [-2.5, 'Good'],
      [-3.5, 'Average'],
      [-5, 'Poor'],
      [-99, 'Terrible'],
    ]);
  return rung<MetricWord>(densityIndex(m), [
    [0.85, 'Excellent'],
    [0.7, 'Good'],
    [0.5, 'Average'],
    [0.3, 'Poor'],
    [0, 'Terrible'],
  ]);
}

export function foreheadWord(m: Measurements, stage: number): MetricWord {
  const h = m.hairlineHeightRatio;
  if (h === null || topIsBare(m))
    return rung<MetricWord>(-stage, [
      [-2.5, 'Small'],
      [-4, 'Medium'],
      [-5.5, 'Large'],
      [-99, 'Massive'],
    ]);
  return rung<MetricWord>(-h, [
    [-0.95, 'Small'],
    [-1.15, 'Medium'],
    [-1.35, 'Large'],
    [-99, 'Massive'],
  ]);
}

export function healthIndex(strandTexture: number, evenness: number, shine: number): number {
  return 0.5 * strandTexture + 0.3 * evenness + 0.2 * (1 - shine);
}

export function healthWord(index: number): MetricWord {
  return rung<MetricWord>(index, [
    [0.75, 'Excellent'],
    [0.6, 'Good'],
    [0.45, 'Average'],
    [0.3, 'Poor'],
    [0, 'Terrible'],
  ]);
}

export function hairlineAgeWord(stage: number): HairlineAge {
  return hairlineAgeWordForAge(typicalAge(stage));
}

export function yearsUntilBaldWord(stage: number): YearsUntilBald {
  return yearsUntilBaldWordForYears(yearsToAdvanced(stage));
}

/** The five words that may read the Norwood estimate (health reads the photo alone): the eval scores them held out. */
export function wordsAtStage(m: Measurements, stage: number) {
  return {
    recessionLevel: recessionWord(m, stage),
    density: densityWord(m, stage),
    foreheadSize: foreheadWord(m, stage),
    hairlineAge: hairlineAgeWord(stage),
    yearsUntilBald: yearsUntilBaldWord(stage),
  };
}

export function describe(input: { measurements: Measurements; stage: number; shine: number; evenness: number }) {
  const { measurements: m, stage } = input;
  return {
    ...wordsAtStage(m, stage),
    health: healthWord(healthIndex(m.strandTexture ?? 0.5, input.evenness, input.shine)),
    ageComparison: hairlineAgeFigures(stage),
  };
}
