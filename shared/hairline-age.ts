/**
 * Hairline age: at what age a typical man has this hairline, where a man stands among men of his own age, and how many
 * years a typical man takes from this hairline to an advanced one. All three come from one description of how common
 * each Norwood stage is among men of each age, so the result page, /accuracy and the metrics never disagree. Used by
 * the engine (metrics), the analyze domain (the comparison with the user's own age) and the web app alike.
 *
 * The figures. Norwood's own incidence table (Norwood OT, "Male pattern baldness: classification and incidence",
 * South Med J 1975;68(11):1359-1365: each type by age decade in 1,000 white men) could not be retrieved for this
 * build, so the distribution is built from published marginal figures, each cited where it is used:
 *
 * - Norwood II or more (the adult, "mature" hairline): 96 % of men after puberty (Hamilton JB, "Patterned loss of hair
 *   in man: types and incidence", Ann N Y Acad Sci 1951;53(3):708-728), the same at every adult age.
 * - Norwood III or more (Norwood's threshold of balding), by age: 16 % of men aged 18-29 (Rhodes T et al.,
 *   "Prevalence of male pattern hair loss in 18-49 year old men", Dermatol Surg 1998;24(12):1330-1332); 30 % by 30,
 *   50 % by 50, 80 % by 70 in white men (BMJ Best Practice, "Androgenetic alopecia: epidemiology", summarising Gan &
 *   Sinclair, J Investig Dermatol Symp Proc 2005;10(3):184-189, and Rhodes 1998).
 * - Norwood VI or more: "by the age of 70 years, 50-60 % of Caucasian men are bald (Hamilton-Norwood VI-VII)"
 *   (Blume-Peytavi U et al., S1 guideline for diagnostic evaluation in androgenetic alopecia, Br J Dermatol
 *   2011;164(1):5-15). Stages IV-VI follow the population's typical pace (below), which puts VI or more at 50 % at 70.
 * - Norwood VII: "about 7 to 8 % of men are Norwood 7" (W. Rassman, hair surgeon, baldingblog.com; an expert's figure,
 *   no study cited, the only one found). Two surveys found VI, not VII, the most common type over 70 (Paik 2001, Korea;
 *   Xu 2008, Shanghai), and Blume-Peytavi counts VI and VII together: VII is a minority at every age.
 *
 * The reference population is white men (Norwood, Hamilton, Rhodes, the guideline). Men of East Asian descent lose
 * hair later on average: 46.9 % of Korean men over 70 had Norwood III or more (Paik JH et al., Br J Dermatol
 * 2001;145(1):95-99), 41.4 % of Chinese men aged 70 and over had AGA (Wang TL et al., Br J Dermatol 2010;162(4):
 * 843-847), against about 80 % of white men. The result says so (REFERENCE_POPULATION_NOTE).
 *
 * Rules (stated once, here; docs/analysis.md repeats them):
 * 1. The share of men at stage III or more at an age is read off the anchors, linearly between them, flat after the
 *    last one (70), and extended below the first with the slope of the first step (never below 0).
 * 2. The typical pace: stages IV to VI are the same curve later in life, YEARS_PER_STAGE per stage. 20 years from III
 *    to VI makes VI-or-more at 70 equal III-or-more at 50 (50 %), inside the guideline's 50-60 %.
 * 2a. Stage VII is a fixed share of the men at VI or more (VII_OF_VI_PLUS), so it never outgrows VI at any age; the
 *    share is the one that puts VII at NORWOOD_VII_SHARE of men over the adult ages 18-85, each age counted alike.
 * 3. Between whole stages the share is interpolated linearly; the continuous Norwood estimate is read as a whole
 *    stage spread evenly over its half-stage either side, so "more hair loss than stage x" is the share at x + 0.5.
 * 4. The typical age of a stage is the age at which half of men have more hair loss than it (bisection over
 *    18-85, the ages the figures describe); a hairline most 18-year-olds already have is "18 or younger", one that
 *    most 85-year-olds have not reached is "85 or older".
 * 5. Years to an advanced hairline: the age by which half of men have reached Norwood VI (70, the guideline's figure)
 *    minus the hairline age (rule 6), 0 once there. It is the population's typical pace, not a prediction for anyone.
 * 6. The hairline age shown is rule 4's typical age averaged over the estimate's own uncertainty: a normal spread of
 *    ESTIMATE_SD stages around the continuous estimate (clipped to 1..7). Rule 4 alone jumps where the population does:
 *    almost every adult man has a Norwood II hairline (96 %) and half reach III only by 50, so an estimate of 2.0 read
 *    "18 or younger" and 2.5 "about 50", and a photo turned by a quarter could move from one to the other. An estimate is
 *    never that sharp, and averaged over its spread the age moves at most 9 years per half stage (tests: a grid of
 *    estimates). "Never" is not said of any hairline: at the population's pace half of men reach Norwood VI by 70.
 */
import { ageInYearOf } from './birth-year.ts';
import type { HairlineAge, YearsUntilBald } from './scoring.ts';

export const AGE_SOURCES = {
  norwood1975: 'Norwood OT. Male pattern baldness: classification and incidence. South Med J 1975;68(11):1359-1365.',
  hamilton1951: 'Hamilton JB. Patterned loss of hair in man: types and incidence. Ann N Y Acad Sci 1951;53(3):708-728.',
  rhodes1998:
    'Rhodes T et al. Prevalence of male pattern hair loss in 18-49 year old men. Dermatol Surg 1998;24(12):1330-1332.',
  bmjBestPractice:
    'BMJ Best Practice. Androgenetic alopecia: epidemiology (after Gan & Sinclair 2005 and Rhodes 1998).',
  blumePeytavi2011:
    'Blume-Peytavi U et al. S1 guideline for diagnostic evaluation in androgenetic alopecia. ' +
    'Br J Dermatol 2011;164(1):5-15.',
  rassman: 'Rassman W. "About 7 to 8 % of men are Norwood 7" (baldingblog.com; expert opinion, no study cited).',
  paik2001:
    'Paik JH et al. The prevalence and types of androgenetic alopecia in Korean men and women. ' +
    'Br J Dermatol 2001;145(1):95-99.',
  wang2010:
    'Wang TL et al. Prevalence of androgenetic alopecia in China: a community-based study in six cities. ' +
    'Br J Dermatol 2010;162(4):843-847.',
} as const;

/** the share of adult men at Norwood II or more, at any adult age (Hamilton 1951) */
export const NORWOOD_II_SHARE = 0.96;

/** the share of men at Norwood III or more, by age in years */
export const NORWOOD_III_ANCHORS = [
  { age: 23.5, share: 0.16, source: 'rhodes1998', note: "16 % of men aged 18-29 (the band's middle)" },
  { age: 30, share: 0.3, source: 'bmjBestPractice', note: '30 % by age 30' },
  { age: 50, share: 0.5, source: 'bmjBestPractice', note: '50 % by age 50' },
  { age: 70, share: 0.8, source: 'bmjBestPractice', note: '80 % by age 70' },
] as const satisfies readonly { age: number; share: number; source: keyof typeof AGE_SOURCES; note: string }[];

/** the typical pace: years from one Norwood stage to the next, III to VI in 20 years (Blume-Peytavi 2011 at 70) */
export const YEARS_PER_STAGE = 20 / 3;
/** the ages the figures describe; the product is for adults */
export const AGE_RANGE = { min: 18, max: 85 } as const;
/** "bald" in yearsUntilBald: the guideline's bald, Norwood VI */
export const ADVANCED_STAGE = 6;
/** the share of adult men at Norwood VII, over all adult ages (Rassman: "about 7 to 8 %") */
export const NORWOOD_VII_SHARE = 0.075;

/** the reference population of every figure here, and why it matters; shown on the result and on /accuracy */
export const REFERENCE_POPULATION_NOTE =
  'These figures describe white men. Men of East Asian descent lose hair later on average: under half of Korean and ' +
  'Chinese men over 70 have a receding hairline (Norwood III) or more, against about 80 % of white men (Paik 2001; ' +
  'Wang 2010).';

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** rule 1: share of men at Norwood III or more at this age */
function shareAtLeastIII(age: number): number {
  const a = NORWOOD_III_ANCHORS;
  if (age <= a[0].age) {
    const slope = (a[1].share - a[0].share) / (a[1].age - a[0].age);
    return clamp(a[0].share - slope * (a[0].age - age), 0, 1);
  }
  for (let i = 1; i < a.length; i++) {
    const lo = a[i - 1]!;
    const hi = a[i]!;
    if (age <= hi.age) return lo.share + ((hi.share - lo.share) * (age - lo.age)) / (hi.age - lo.age);
  }
  return a[a.length - 1]!.share;
}

/** rule 2: share of men at Norwood III..VI or more at this age */
function sharePaced(stage: number, age: number): number {
  return shareAtLeastIII(age - YEARS_PER_STAGE * (stage - 3));
}

const ADULT_AGES = Array.from({ length: AGE_RANGE.max - AGE_RANGE.min + 1 }, (_, i) => AGE_RANGE.min + i);

/** rule 2a: the share of the men at VI or more who are at VII, from NORWOOD_VII_SHARE over the adult ages */
export const VII_OF_VI_PLUS =
  NORWOOD_VII_SHARE / (ADULT_AGES.reduce((sum, age) => sum + sharePaced(6, age), 0) / ADULT_AGES.length);

/** share of men at whole stage s or more at this age (rules 1, 2 and 2a) */
function shareAtLeastWhole(stage: number, age: number): number {
  if (stage <= 1) return 1;
  if (stage === 2) return Math.max(NORWOOD_II_SHARE, shareAtLeastIII(age));
  if (stage > 7) return 0;
  if (stage === 7) return VII_OF_VI_PLUS * sharePaced(6, age);
  return sharePaced(stage, age);
}

/** Share (0..1) of men of this age at Norwood `stage` or more; `stage` may be fractional (rule 3). */
export function shareAtLeast(stage: number, age: number): number {
  const lo = Math.floor(stage);
  const t = stage - lo;
  const low = shareAtLeastWhole(lo, age);
  return t === 0 ? low : low + t * (shareAtLeastWhole(lo + 1, age) - low);
}

/** Share (0..1) of men of this age with more hair loss than the continuous Norwood estimate `stage` (rule 3). */
export function shareWithMoreLoss(stage: number, age: number): number {
  return shareAtLeast(clamp(stage, 1, 7) + 0.5, age);
}

/** Rule 4: the age (not rounded) at which half of men have more hair loss than this hairline, within AGE_RANGE. */
export function typicalAgeExact(stage: number): number {
  const { min, max } = AGE_RANGE;
  // the share of men with more loss than a given hairline only grows with age, so the crossing is unique
  if (shareWithMoreLoss(stage, min) >= 0.5) return min;
  if (shareWithMoreLoss(stage, max) < 0.5) return max;
  let lo: number = min;
  let hi: number = max;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (shareWithMoreLoss(stage, mid) < 0.5) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Rule 6: how far a continuous estimate may lie from the hairline's true stage, one standard deviation in stages. The
 * out-of-fold estimates of the 418 dev photos lie 0.78 stage from their labels' stages (root mean square, grouped CV,
 * 2026-12-03: portraits 0.64, bowed selfies 0.80, Norwood groups 0.94); at 0.8 no half stage moves the age by more
 * than 9 years (at 0.7: 10.0, at 0.5: 12.8).
 */
export const ESTIMATE_SD = 0.8;
/** rule 6's normal spread, read at 41 points over ±3 standard deviations */
const SPREAD = Array.from({ length: 41 }, (_, k) => {
  const z = -3 + (6 * k) / 40;
  return { z, weight: Math.exp((-z * z) / 2) };
});
const SPREAD_WEIGHT = SPREAD.reduce((sum, p) => sum + p.weight, 0);

/** Rule 6: the hairline age (not rounded): rule 4's age averaged over the estimate's spread. */
export function hairlineAgeExact(stage: number): number {
  let sum = 0;
  const centre = clamp(stage, 1, 7);
  for (const { z, weight } of SPREAD) sum += weight * typicalAgeExact(clamp(centre + ESTIMATE_SD * z, 1, 7));
  return sum / SPREAD_WEIGHT;
}

/** The hairline age in whole years (AGE_RANGE.min and .max: "or younger", "or older"). */
export function typicalAge(stage: number): number {
  return Math.round(hairlineAgeExact(stage));
}

/**
 * Rule 5: the age by which half of men have reached Norwood VI. A continuous estimate of 5.5 is the lower edge of
 * stage VI (rule 3), so its typical age (rule 4: of the population, not of an estimate) is that age.
 */
export const ADVANCED_AGE = typicalAgeExact(ADVANCED_STAGE - 0.5);

/** Rule 5: typical years from this hairline to Norwood VI at the population's pace (0 once there), one decimal. */
export function yearsToAdvanced(stage: number): number {
  return Math.round(10 * Math.max(0, ADVANCED_AGE - hairlineAgeExact(stage))) / 10;
}

/** hairlineAge from the typical age, in the spec's words: life stages, youngest first */
export const HAIRLINE_AGE_BANDS = [
  { below: 30, word: 'Young' },
  { below: 45, word: 'Mature' },
  { below: 60, word: 'Aging' },
  { below: Infinity, word: 'Senior' },
] as const satisfies readonly { below: number; word: HairlineAge }[];

export function hairlineAgeWordForAge(age: number): HairlineAge {
  return HAIRLINE_AGE_BANDS.find((b) => age < b.below)!.word;
}

/**
 * yearsUntilBald from the typical years to Norwood VI, in the spec's words. "Never" is left out (rule 6): no figure
 * says a hairline never reaches Norwood VI, and "Never" beside "about 52 years" contradicted itself.
 */
export const YEARS_UNTIL_BALD_BANDS = [
  { atLeast: 15, word: '15+ years' },
  { atLeast: 10, word: '10-15 years' },
  { atLeast: 5, word: '5-10 years' },
  { atLeast: 2, word: '2-5 years' },
  { atLeast: -Infinity, word: '0-2 years' },
] as const satisfies readonly { atLeast: number; word: YearsUntilBald }[];

export function yearsUntilBaldWordForYears(years: number): YearsUntilBald {
  return YEARS_UNTIL_BALD_BANDS.find((b) => years >= b.atLeast)!.word;
}

/** what the engine adds to a rating, from the continuous Norwood estimate alone (never from the face's apparent age) */
export interface HairlineAgeFigures {
  /** the continuous Norwood estimate (1..7, two decimals) the figures come from */
  stageEstimate: number;
  typicalAge: number;
  yearsToAdvanced: number;
}

export function hairlineAgeFigures(stage: number): HairlineAgeFigures {
  const s = Math.round(clamp(stage, 1, 7) * 100) / 100;
  return { stageEstimate: s, typicalAge: typicalAge(s), yearsToAdvanced: yearsToAdvanced(s) };
}

/** Where this hairline stands among men of `age`: the share (whole %, 1..99) with more hair loss. */
export function moreHairThanPercent(stage: number, age: number): number {
  return clamp(Math.round(100 * shareWithMoreLoss(stage, clamp(age, AGE_RANGE.min, AGE_RANGE.max))), 1, 99);
}

/** "about 45", with the ends of the table: "18 or younger", "85 or older" */
export function typicalAgeText(age: number): string {
  if (age <= AGE_RANGE.min) return `${AGE_RANGE.min} or younger`;
  if (age >= AGE_RANGE.max) return `${AGE_RANGE.max} or older`;
  return `about ${age}`;
}

/** "Your hairline looks like a typical man's at about 45" */
export function typicalAgeSentence(age: number): string {
  return `Your hairline looks like a typical man's at ${typicalAgeText(age)}`;
}

/** "More hair than about 70 % of men your age (34)" */
export function peerSentence(percent: number, ownAge: number): string {
  return `More hair than about ${percent} % of men your age (${ownAge})`;
}

/** how yearsUntilBald is to be read, on the result and on /accuracy alike */
export const YEARS_UNTIL_BALD_MEANING =
  'The typical number of years from a hairline like yours to an advanced one (Norwood VI), at the average pace of ' +
  'the population. It is not a prediction of your own hair loss.';

/** The figures, plus the standing among men of the user's age in the photo's year when a birth year is known. */
export function withOwnAge<T extends HairlineAgeFigures>(figures: T, birthYear: number | null | undefined, at: string) {
  if (typeof birthYear !== 'number') return figures;
  const ownAge = ageInYearOf(birthYear, at);
  return { ...figures, ownAge, moreHairThanPercent: moreHairThanPercent(figures.stageEstimate, ownAge) };
}
