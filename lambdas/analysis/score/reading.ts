/**
 * One reading, said one way: rateStage turns the reading of a photo (or of a face photo and a crown photo together) into
 * every word the result shows: score and label, the six metrics, the Norwood stage, the hairline age and years until
 * bald, the commentary and the hairstyle suggestions. The continuous Norwood estimate is the spine: the score comes
 * from it (shared/score-map.ts), the age words from it (shared/hairline-age.ts), and each word read from a measurement
 * (recession, forehead, density, health, the verdict line) is the measured one moved, if need be, to the nearest word
 * that agrees with the score and with the other words on its topic (shared/reading-words.ts). The commentary is said
 * from those words, so it cannot say otherwise (score/consistency.ts checks it all).
 */
import { hairLengthOf, topIsBare } from '#shared/hairline.ts';
import { hairlineWords, HAIRLINE_VERDICTS } from '#shared/hairline-words.ts';
import { hairlineAgeFigures, hairlineAgeWordForAge, yearsUntilBaldWordForYears } from '#shared/hairline-age.ts';
import { VERDICT_POINTS, nearestAgreeing } from '#shared/reading-words.ts';
import { scoreFromStage } from '#shared/score-map.ts';
import { metricPoints, ratingForScore, scoreBand, type MetricWord } from '#shared/scoring.ts';
import type { Measurements, PhotoSubject } from '#shared/schemas.ts';
import { viewKindOf } from '#shared/view-kinds.ts';
import { CROWN_FIRST, commentaryFor } from './commentary.ts';
import { hairstylesFor, topHairOf, type VerdictIndex } from './hairstyles.ts';
import { densityWord, foreheadWord, healthIndex, healthWord, recessionWord } from './metrics.ts';
import { norwoodEstimate } from './model.ts';

/** what the words are said from */
export interface Reading {
  /** the continuous Norwood estimate (1 full .. 7 bald on top): one photo's, or a face photo's and a crown photo's joined */
  stage: number;
  /** the face photo's (or the one photo's) measurements; its confidence is the measurement trust */
  measurements: Measurements;
  /** 0..1 inputs of the health metric */
  shine: number;
  evenness: number;
  /**
   * the crown photo analysed with the face photo: its own estimate and trust, and the face photo's own estimate (two
   * decimals, as its result keeps it), which the hairline's verdict reads: a thinner crown raises `stage`, not the
   * hairline's recession
   */
  crown?: { stage: number; confidence: number; faceStage: number };
  /**
   * what the user said the photo is of: with the view it names the kind of photo (shared/view-kinds.ts) the words speak
   * of, as the history does (a hairline photo measured from above is the hairline from above, not the crown)
   */
  photoOf?: PhotoSubject;
}

const RECESSION_LADDER = ['None', 'Low', 'Medium', 'High', 'Severe', 'Disaster'] as const;
const DENSITY_LADDER = ['Excellent', 'Good', 'Average', 'Poor', 'Terrible'] as const;
const FOREHEAD_LADDER = ['Small', 'Medium', 'Large', 'Massive'] as const;
const HEALTH_LADDER = DENSITY_LADDER;

/** a recession, density, forehead or health word on the chart's scale (the four share one table) */
const points = (w: MetricWord) => metricPoints('recessionLevel', w);

export function rateStage(r: Reading) {
  const m = r.measurements;
  // the estimate as the result keeps it (two decimals): every word and figure is said from this one number
  const stage = round2(r.stage);
  const score = scoreFromStage(stage);
  const ageComparison = hairlineAgeFigures(stage);
  const bareTop = topIsBare(m);
  const verdictInputs = {
    templeRecession: m.templeRecession,
    templeBareShare: m.templeBareShare,
    hairlineHeightRatio: m.hairlineHeightRatio,
    stageEstimate: r.crown ? r.crown.faceStage : ageComparison.stageEstimate,
    score,
    ...(r.crown ? { crownBeside: true } : {}),
  };
  // the verdict line the result page shows (shared/hairline-words.ts), as its index
  const verdict = HAIRLINE_VERDICTS.indexOf(hairlineWords(verdictInputs).verdict) as VerdictIndex;
  const withScore = { score };
  const recessionLevel = nearestAgreeing(RECESSION_LADDER, points, recessionWord(m, stage), {
    score,
    sameTopic: [VERDICT_POINTS[verdict]],
  });
  const density = nearestAgreeing(DENSITY_LADDER, points, densityWord(m, stage), withScore);
  const foreheadSize = nearestAgreeing(FOREHEAD_LADDER, points, foreheadWord(m, stage), withScore);
  const health = nearestAgreeing(
    HEALTH_LADDER,
    points,
    healthWord(healthIndex(m.strandTexture ?? 0.5, r.evenness, r.shine)),
    withScore,
  );
  const trust = Math.min(m.confidence, r.crown?.confidence ?? 1);
  const norwood = norwoodEstimate(stage, trust);
  const crownNorwoodStage = r.crown ? norwoodEstimate(round2(r.crown.stage), r.crown.confidence).stage : undefined;
  const band = scoreBand(score).tone;
  const seesTemples = m.view !== 'top' && m.templeRecession !== null && m.hairlineHeightRatio !== null;
  return {
    score,
    rating: ratingForScore(score),
    recessionLevel,
    density,
    foreheadSize,
    hairlineAge: hairlineAgeWordForAge(ageComparison.typicalAge),
    yearsUntilBald: yearsUntilBaldWordForYears(ageComparison.yearsToAdvanced),
    health,
    commentary: commentaryFor({
      band,
      view: m.view ?? 'front',
      kind: viewKindOf({ measurements: m, photoOf: r.photoOf }),
      verdict: seesTemples ? verdict : null,
      bareTop,
      crownFirst: m.view === 'top' && m.topCoverage !== null && m.frontalCoverage - m.topCoverage > CROWN_FIRST,
      density,
      score,
      ...(crownNorwoodStage !== undefined ? { crownNorwoodStage } : {}),
      seed: seedOf(m, score),
    }),
    hairstyleSuggestions: hairstylesFor(band, topHairOf(bareTop, points(density)), verdict, hairLengthOf(m)),
    norwoodStage: norwood.stage,
    norwoodConfidence: norwood.confidence,
    ageComparison,
  };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** FNV-1a over the measurements: the same photo always gets the same closer, different photos get variety. */
function seedOf(m: Measurements, score: number): number {
  const text = JSON.stringify([score, m.hairlineHeightRatio, m.templeRecession, m.frontalCoverage, m.topCoverage]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
