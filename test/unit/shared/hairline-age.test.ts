import { describe, expect, it } from 'vitest';
import {
  ADVANCED_AGE,
  AGE_RANGE,
  AGE_SOURCES,
  NORWOOD_II_SHARE,
  NORWOOD_VII_SHARE,
  REFERENCE_POPULATION_NOTE,
  VII_OF_VI_PLUS,
  NORWOOD_III_ANCHORS,
  hairlineAgeFigures,
  hairlineAgeWordForAge,
  moreHairThanPercent,
  peerSentence,
  shareAtLeast,
  shareWithMoreLoss,
  ESTIMATE_SD,
  hairlineAgeExact,
  typicalAge,
  typicalAgeExact,
  typicalAgeSentence,
  withOwnAge,
  yearsToAdvanced,
  yearsUntilBaldWordForYears,
} from '#shared/hairline-age.ts';
import { readFileSync } from 'node:fs';
import { birthYearBounds, isValidBirthYear } from '#shared/birth-year.ts';
import { HAIRLINE_AGES, YEARS_UNTIL_BALD, metricPoints } from '#shared/scoring.ts';

const hairlineAgeWord = (s: number) => hairlineAgeWordForAge(typicalAge(s));
const yearsUntilBaldWord = (s: number) => yearsUntilBaldWordForYears(yearsToAdvanced(s));

const stages = Array.from({ length: 61 }, (_, i) => 1 + i / 10);

describe('the age table lookup', () => {
  it('reproduces its published anchors', () => {
    for (const a of NORWOOD_III_ANCHORS) expect(shareAtLeast(3, a.age)).toBeCloseTo(a.share, 6);
    expect(shareAtLeast(2, 40)).toBe(NORWOOD_II_SHARE);
    expect(shareAtLeast(1, 25)).toBe(1);
    // Blume-Peytavi 2011: 50-60 % of men at Norwood VI or more by 70
    expect(shareAtLeast(6, 70)).toBeGreaterThanOrEqual(0.5);
    expect(shareAtLeast(6, 70)).toBeLessThanOrEqual(0.6);
  });

  it('keeps Norwood VII a minority at every age, about 7.5 % of adult men overall (Rassman)', () => {
    let sum = 0;
    for (let age = AGE_RANGE.min; age <= AGE_RANGE.max; age++) {
      const vii = shareAtLeast(7, age);
      sum += vii;
      expect(vii).toBeLessThan(0.25);
      // fewer men at VII than at VI alone: VI, not VII, is the commonest advanced type (Paik 2001, Xu 2008)
      expect(vii).toBeLessThanOrEqual(shareAtLeast(6, age) - vii);
    }
    expect(sum / (AGE_RANGE.max - AGE_RANGE.min + 1)).toBeCloseTo(NORWOOD_VII_SHARE, 6);
    expect(NORWOOD_VII_SHARE).toBeGreaterThanOrEqual(0.07);
    expect(NORWOOD_VII_SHARE).toBeLessThanOrEqual(0.08);
    expect(VII_OF_VI_PLUS).toBeGreaterThan(0);
    expect(VII_OF_VI_PLUS).toBeLessThan(0.5);
    // the old model put 63 % of men over 80 at VII
    expect(shareAtLeast(7, 85)).toBeLessThan(0.2);
  });

  it('puts VI or more at about half of white men by 70, and says whom the figures describe', () => {
    expect(shareAtLeast(6, 70)).toBeCloseTo(0.5, 6);
    expect(ADVANCED_AGE).toBeCloseTo(70, 3);
    expect(REFERENCE_POPULATION_NOTE).toMatch(/white men/);
    expect(REFERENCE_POPULATION_NOTE).toMatch(/Paik 2001/);
    for (const key of ['blumePeytavi2011', 'rassman', 'paik2001', 'wang2010'] as const) {
      expect(AGE_SOURCES[key]).toMatch(/\d{4}|baldingblog/);
    }
  });

  it('is a distribution: shares fall with the stage and grow with age', () => {
    for (const age of [18, 24, 35, 50, 65, 85]) {
      for (let s = 1; s < 7; s += 0.25) expect(shareAtLeast(s + 0.25, age)).toBeLessThanOrEqual(shareAtLeast(s, age));
    }
    for (const s of [2.5, 3, 4.2, 6]) {
      for (let age = 18; age < 85; age += 1) {
        expect(shareAtLeast(s, age + 1)).toBeGreaterThanOrEqual(shareAtLeast(s, age));
      }
    }
  });

  it('gives the age at which half of men have more hair loss than a stage (rule 4, the population)', () => {
    // Norwood III spread over 2.5-3.5: at 52.7 half of men are past the middle of it
    expect(typicalAgeExact(3)).toBeCloseTo(52.67, 1);
    expect(shareWithMoreLoss(3, 52.7)).toBeCloseTo(0.5, 2);
    expect(typicalAgeExact(1)).toBe(AGE_RANGE.min);
    expect(typicalAgeExact(2)).toBe(AGE_RANGE.min);
    // a VI estimate spans 5.5-6.5, and half of men pass 6.5 at no adult age now that VII stays a minority
    expect(typicalAgeExact(5.5)).toBeCloseTo(70, 6);
    expect(typicalAgeExact(6)).toBe(AGE_RANGE.max);
  });

  it("the hairline age shown averages that over the estimate's spread (rule 6): smooth, rising, within the adult ages", () => {
    expect(ESTIMATE_SD).toBe(0.8);
    expect([1, 2, 3, 4, 5, 6, 7].map(typicalAge)).toEqual([20, 31, 48, 59, 68, 78, 84]);
    // a grid of estimates: no half stage moves the age by more than 10 years, and it never falls
    const grid = Array.from({ length: 241 }, (_, i) => 1 + i / 40);
    for (const s of grid) {
      const later = Math.min(7, s + 0.5);
      expect(Math.abs(hairlineAgeExact(later) - hairlineAgeExact(s))).toBeLessThanOrEqual(10);
      expect(typicalAge(later)).toBeGreaterThanOrEqual(typicalAge(s));
      expect(typicalAge(s)).toBeGreaterThanOrEqual(AGE_RANGE.min);
      expect(typicalAge(s)).toBeLessThanOrEqual(AGE_RANGE.max);
    }
    // the jump the issue saw: an estimate of 2.0 said "18 or younger", 2.5 "about 50"
    expect(typicalAge(2.5) - typicalAge(2)).toBeLessThanOrEqual(10);
    // estimates outside 1..7 read as its ends
    expect(typicalAge(0)).toBe(typicalAge(1));
    expect(typicalAge(9)).toBe(typicalAge(7));
  });

  it('a photo turned by a quarter keeps its hairline age close: the dev photos seen from above, turned', () => {
    // test/fixtures/dev-readings.json (npm run readings:dev): the estimates of each photo and of its quarter turns, by
    // the committed models (fitted on these photos and their turns) and by the model of the fold that held it out
    const readings: {
      stage: number;
      outOfFoldStage: number;
      turnedStages?: number[];
      outOfFoldTurnedStages?: number[];
    }[] = JSON.parse(readFileSync(new URL('../../fixtures/dev-readings.json', import.meta.url), 'utf8')).readings;
    const movesOf = (base: number, turned: number[] = []) =>
      turned.map((t) => Math.abs(typicalAge(t) - typicalAge(base)));
    const inSample = readings.flatMap((r) => movesOf(r.stage, r.turnedStages)).sort((a, b) => a - b);
    const heldOut = readings.flatMap((r) => movesOf(r.outOfFoldStage, r.outOfFoldTurnedStages)).sort((a, b) => a - b);
    expect(inSample.length).toBeGreaterThan(800);
    expect(heldOut.length).toBe(inSample.length);
    // every dev photo from above, each turned three ways (2026-12-03: 815 copies). Since the model from above pays for
    // a photo's turns reading apart (stage-model-fit.ts TURN_SPREAD): in sample median 2 years, 94.6 % within 5, at most
    // 12 (before: 86 %, 19); out of fold 90.2 % within 5, at most 18 (before: 83 %, 22). What remains is the turned
    // photo's own estimate moving, not the age table. The 5 years is not met for views from above
    // (docs/analysis.md, "What it does not read well yet"): these keep it from getting worse
    expect(inSample[Math.floor(inSample.length / 2)]!).toBeLessThanOrEqual(2);
    expect(inSample.filter((m) => m <= 5).length / inSample.length).toBeGreaterThanOrEqual(0.94);
    expect(inSample.at(-1)!).toBeLessThanOrEqual(12);
    expect(heldOut[Math.floor(heldOut.length / 2)]!).toBeLessThanOrEqual(2);
    expect(heldOut.filter((m) => m <= 5).length / heldOut.length).toBeGreaterThanOrEqual(0.9);
    expect(heldOut.at(-1)!).toBeLessThanOrEqual(18);
  });

  it('years to Norwood VI run to the age by which half of men reach it (70), 0 once there', () => {
    expect(ADVANCED_AGE).toBeCloseTo(70, 6);
    expect(yearsToAdvanced(3)).toBe(21.7);
    expect(yearsToAdvanced(5.5)).toBe(0);
    expect(yearsToAdvanced(7)).toBe(0);
    expect(yearsToAdvanced(1)).toBe(50);
    const grid = Array.from({ length: 121 }, (_, i) => 1 + i / 20);
    for (const s of grid) expect(yearsToAdvanced(s)).toBeCloseTo(Math.max(0, 70 - hairlineAgeExact(s)), 0);
  });

  it('maps onto the spec words, and more loss never earns more chart points', () => {
    expect(hairlineAgeWordForAge(18)).toBe('Young');
    expect(hairlineAgeWordForAge(44)).toBe('Mature');
    expect(hairlineAgeWordForAge(45)).toBe('Aging');
    expect(hairlineAgeWordForAge(60)).toBe('Senior');
    // "Never" is not said (rule 6): half of men reach Norwood VI by 70
    expect(yearsUntilBaldWordForYears(50)).toBe('15+ years');
    expect(yearsUntilBaldWordForYears(20)).toBe('15+ years');
    expect(yearsUntilBaldWordForYears(12)).toBe('10-15 years');
    expect(yearsUntilBaldWordForYears(0)).toBe('0-2 years');
    let last = [Infinity, Infinity];
    for (const s of stages) {
      expect(HAIRLINE_AGES).toContain(hairlineAgeWord(s));
      expect(YEARS_UNTIL_BALD).toContain(yearsUntilBaldWord(s));
      const points = [
        metricPoints('hairlineAge', hairlineAgeWord(s)),
        metricPoints('yearsUntilBald', yearsUntilBaldWord(s)),
      ];
      points.forEach((p, k) => expect(p).toBeLessThanOrEqual(last[k]!));
      last = points;
    }
  });

  it('places a hairline among men of the same age', () => {
    // a Norwood II hairline at 25: most 25-year-olds have it, so it sits in the middle; at 60 most men have lost more
    expect(moreHairThanPercent(2, 25)).toBe(58);
    expect(moreHairThanPercent(2, 60)).toBe(81);
    expect(moreHairThanPercent(7, 25)).toBe(1);
    expect(moreHairThanPercent(1, 40)).toBe(98);
    expect(peerSentence(70, 34)).toBe('More hair than about 70 % of men your age (34)');
  });

  it("adds the own age only with a birth year, counted in the photo's year", () => {
    const figures = hairlineAgeFigures(3.04);
    expect(figures).toEqual({ stageEstimate: 3.04, typicalAge: 49, yearsToAdvanced: 21.1 });
    expect(withOwnAge(figures, null, '2026-11-24T09:00:00Z')).toEqual(figures);
    expect(withOwnAge(figures, 1990, '2026-11-24T09:00:00Z')).toEqual({
      ...figures,
      ownAge: 36,
      moreHairThanPercent: 32,
    });
  });

  it('says the typical age in words, with the ends of the table', () => {
    expect(typicalAgeSentence(45)).toBe("Your hairline looks like a typical man's at about 45");
    expect(typicalAgeSentence(18)).toBe("Your hairline looks like a typical man's at 18 or younger");
    expect(typicalAgeSentence(85)).toBe("Your hairline looks like a typical man's at 85 or older");
  });
});

describe('birth year bounds', () => {
  it('accepts 18 to 110 years before the current year', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(birthYearBounds(now)).toEqual({ min: 1916, max: 2008 });
    expect(isValidBirthYear(2008, now)).toBe(true);
    expect(isValidBirthYear(2009, now)).toBe(false);
    expect(isValidBirthYear(1915, now)).toBe(false);
    expect(isValidBirthYear(1990.5, now)).toBe(false);
  });
});
