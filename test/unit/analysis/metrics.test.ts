import { describe, expect, it } from 'vitest';
import { HAIRLINE_AGES, METRIC_WORDS, YEARS_UNTIL_BALD, ratingForScore } from '../../../shared/scoring.ts';
import { densityWord, foreheadWord, hairlineAgeWord, healthWord, norwoodFromScore, recessionWord, yearsUntilBaldWord } from '../../../lambdas/analysis/metrics.ts';
import { predictLoss, scoreFromLoss } from '../../../lambdas/analysis/model.ts';
import { commentaryFor, hairstylesFor } from '../../../lambdas/analysis/commentary.ts';

const scores = Array.from({ length: 101 }, (_, i) => i);
const m = (over: Partial<Parameters<typeof commentaryFor>[1]> = {}) => ({ hairlineHeightRatio: 0.3, templeRecession: 0.05, frontalCoverage: 0.7, topCoverage: 0.8, faceFound: false, confidence: 0.55, ...over });

describe('metric words', () => {
  it('always come from the spec vocabularies', () => {
    for (const s of scores) {
      expect(METRIC_WORDS).toContain(recessionWord(s, 0.1));
      expect(METRIC_WORDS).toContain(foreheadWord(s));
      expect(METRIC_WORDS).toContain(healthWord(s));
      expect(METRIC_WORDS).toContain(densityWord(s / 100));
      expect(HAIRLINE_AGES).toContain(hairlineAgeWord(s));
      expect(YEARS_UNTIL_BALD).toContain(yearsUntilBaldWord(s));
    }
  });

  it('map a full hairline and a bald head to opposite ends', () => {
    expect([recessionWord(92, 0), healthWord(92), hairlineAgeWord(92), yearsUntilBaldWord(92)]).toEqual(['None', 'Excellent', 'Young', 'Never']);
    expect([recessionWord(8, 0.2), healthWord(8), hairlineAgeWord(8), yearsUntilBaldWord(8)]).toEqual(['Disaster', 'Terrible', 'Senior', '0-2 years']);
    expect(ratingForScore(92)).toBe('Certified Rizz God');
  });

  it('Norwood stage falls monotonically from 1 to 7 as the score drops', () => {
    const stages = scores.map((s) => norwoodFromScore(s, 0.8).stage);
    expect(stages[100]).toBe(1);
    expect(stages[0]).toBe(7);
    for (let i = 1; i < stages.length; i++) expect(stages[i]!).toBeLessThanOrEqual(stages[i - 1]!);
    for (const s of scores) expect(norwoodFromScore(s, 0.8).confidence).toBeLessThanOrEqual(0.95);
  });
});

describe('fitted score', () => {
  it('rises with coverage and texture, falls with shine, stays an integer in 0..100', () => {
    const bald = scoreFromLoss(predictLoss({ coverage: 0.05, darkShare: 0.02, texture: -3.8, smoothShare: 0.95, shine: 0.35, fineTexture: -3.6 }));
    const full = scoreFromLoss(predictLoss({ coverage: 0.7, darkShare: 0.7, texture: -2.3, smoothShare: 0.6, shine: 0.05, fineTexture: -2.0 }));
    expect(full).toBeGreaterThan(bald + 40);
    for (const s of [bald, full]) { expect(Number.isInteger(s)).toBe(true); expect(s).toBeGreaterThanOrEqual(0); expect(s).toBeLessThanOrEqual(100); }
  });
});

describe('commentary', () => {
  it('is deterministic, several sentences, and varies with the measurements', () => {
    expect(commentaryFor(50, m())).toBe(commentaryFor(50, m()));
    expect(commentaryFor(50, m()).split('. ').length).toBeGreaterThanOrEqual(3);
    const variety = new Set([0.1, 0.2, 0.3, 0.4, 0.5, 0.6].map((c) => commentaryFor(50, m({ frontalCoverage: c }))));
    expect(variety.size).toBeGreaterThan(1);
  });

  it('suggests 3 to 5 styles fitting the band', () => {
    const low = hairstylesFor(10, m());
    expect(low.length).toBeGreaterThanOrEqual(3);
    expect(low.length).toBeLessThanOrEqual(5);
    expect(low.join(' ')).toMatch(/buzz|shaved|Bald|Induction/i);
  });
});
