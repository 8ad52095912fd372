import { describe, expect, it } from 'vitest';
import { HAIRLINE_AGES, METRIC_WORDS, YEARS_UNTIL_BALD, metricPoints, ratingForScore } from '#shared/scoring.ts';
import type { Measurements } from '#shared/schemas.ts';
import { densityWord, foreheadWord, healthIndex, healthWord, recessionWord } from '#lambdas/analysis/score/metrics.ts';
import {
  FITTED,
  FeatureMismatchError,
  SCORE_MODELS,
  norwoodEstimate,
  predictStage,
  type LinearModel,
} from '#lambdas/analysis/score/model.ts';
import { rateStage } from '#lambdas/analysis/score/reading.ts';
import { scoreFromStage } from '#shared/score-map.ts';
import {
  hairlineAgeWordForAge,
  typicalAge,
  yearsToAdvanced,
  yearsUntilBaldWordForYears,
} from '#shared/hairline-age.ts';

/** the model's own mean features by name, with some replaced */
const atMean = (m: LinearModel, over: Record<string, number> = {}) => ({
  ...Object.fromEntries(m.features.map((name, k) => [name, m.mean[k]!])),
  ...over,
});
const describeMetrics = (r: { measurements: Measurements; stage: number; shine: number; evenness: number }) =>
  rateStage(r);

const front = (over: Partial<Measurements> = {}): Measurements => ({
  view: 'front',
  hairlineHeightRatio: 0.8,
  templeRecession: -0.05,
  templeLeft: -0.05,
  templeRight: -0.05,
  frontalCoverage: 0.95,
  topCoverage: 0.9,
  bareTopShare: 0.1,
  strandTexture: 0.7,
  faceFound: true,
  confidence: 0.8,
  ...over,
});
const top = (over: Partial<Measurements> = {}): Measurements => ({
  view: 'top',
  hairlineHeightRatio: null,
  templeRecession: null,
  frontalCoverage: 0.7,
  topCoverage: 0.6,
  bareTopShare: 0.4,
  strandTexture: 0.5,
  faceFound: false,
  confidence: 0.75,
  ...over,
});
const stages = Array.from({ length: 61 }, (_, i) => 1 + i / 10);

describe('metric words', () => {
  it('always come from the spec vocabularies, in both views', () => {
    for (const s of stages) {
      for (const m of [
        front({ hairlineHeightRatio: 0.5 + s / 5, frontalCoverage: 1 - s / 7 }),
        top({ frontalCoverage: 1 - s / 7 }),
      ]) {
        const words = describeMetrics({ measurements: m, stage: s, shine: 0.1, evenness: 0.8 });
        for (const k of ['recessionLevel', 'density', 'foreheadSize', 'health'] as const)
          expect(METRIC_WORDS).toContain(words[k]);
        expect(HAIRLINE_AGES).toContain(words.hairlineAge);
        expect(YEARS_UNTIL_BALD).toContain(words.yearsUntilBald);
      }
    }
  });

  it('each follows its own measurement: recession and forehead from the forehead height, density from coverage', () => {
    expect(recessionWord(front(), 4)).toBe('None');
    expect(recessionWord(front({ hairlineHeightRatio: 1.5 }), 4)).toBe('Severe');
    expect(foreheadWord(front({ hairlineHeightRatio: 0.8 }), 6)).toBe('Small');
    expect(foreheadWord(front({ hairlineHeightRatio: 1.5 }), 1)).toBe('Massive');
    expect(densityWord(front({ frontalCoverage: 1, strandTexture: 1 }), 6)).toBe('Excellent');
    expect(densityWord(front({ frontalCoverage: 0.1 }), 1)).toBe('Terrible');
  });

  it('a face whose forehead runs up to the top of the head: recession and forehead from the Norwood estimate', () => {
    // the forehead height measured ends where the head ends (1.11 read Medium on bald level-4 portraits)
    const bald = front({ hairlineHeightRatio: 1.11, templeRecession: 0, topCoverage: 0.02, bareTopShare: 0.98 });
    expect(recessionWord(bald, 6.5)).toBe('Disaster');
    expect(foreheadWord(bald, 6.5)).toBe('Massive');
    // a top of the head with hair left: the measurement itself
    const thinning = front({ hairlineHeightRatio: 1.11, templeRecession: 0, topCoverage: 0.5, bareTopShare: 0.5 });
    expect(recessionWord(thinning, 6.5)).toBe('Medium');
    expect(foreheadWord(thinning, 6.5)).toBe('Medium');
  });

  it('seen from above, density follows the Norwood estimate, not the ring the mask covers', () => {
    // the ring around the crown of a bowed head takes in its forehead; tightly coiled hair is half missed
    expect(densityWord(top({ frontalCoverage: 0.25, strandTexture: 0.4 }), 2)).toBe('Good');
    expect(densityWord(top({ frontalCoverage: 0.9, strandTexture: 0.9 }), 6.5)).toBe('Terrible');
    expect([1, 2, 3, 4, 6].map((s) => densityWord(top(), s))).toEqual([
      'Excellent',
      'Good',
      'Average',
      'Poor',
      'Terrible',
    ]);
  });

  it('read the right way round on the chart: more loss never earns more points', () => {
    const points = (m: Measurements, s: number) => {
      const w = describeMetrics({ measurements: m, stage: s, shine: 0.2, evenness: 0.7 });
      return [
        metricPoints('recessionLevel', w.recessionLevel),
        metricPoints('density', w.density),
        metricPoints('foreheadSize', w.foreheadSize),
        metricPoints('hairlineAge', w.hairlineAge),
        metricPoints('yearsUntilBald', w.yearsUntilBald),
      ];
    };
    const views = [
      (s: number) => front({ hairlineHeightRatio: 0.8 + (s - 1) / 6, frontalCoverage: 1 - (s - 1) / 7 }),
      (s: number) => top({ frontalCoverage: 1 - (s - 1) / 7 }),
    ];
    for (const measured of views) {
      let previous: number[] | undefined;
      for (const s of stages) {
        const now = points(measured(s), s);
        now.forEach((p, k) => expect(p).toBeLessThanOrEqual(previous?.[k] ?? Infinity));
        previous = now;
      }
    }
  });

  it('density never says Low or High (the chart would score them as good)', () => {
    for (let c = 0; c <= 1; c += 0.05)
      for (const m of [front({ frontalCoverage: c }), top()])
        expect(['Low', 'High']).not.toContain(densityWord(m, 1 + 6 * c));
  });

  it('health rises with strand texture and evenness, falls with shine', () => {
    expect(healthWord(healthIndex(1, 1, 0))).toBe('Excellent');
    expect(healthWord(healthIndex(0, 0.2, 1))).toBe('Terrible');
    expect(healthIndex(0.8, 0.8, 0.1)).toBeGreaterThan(healthIndex(0.8, 0.8, 0.6));
  });

  it('hairline age and years until bald follow the Norwood estimate', () => {
    const words = (s: number) => [hairlineAgeWordForAge(typicalAge(s)), yearsUntilBaldWordForYears(yearsToAdvanced(s))];
    expect(words(1)).toEqual(['Young', '15+ years']);
    expect(words(7)).toEqual(['Senior', '0-2 years']);
  });
});

describe('fitted score', () => {
  it('maps the stage onto 0..100, falling with every stage', () => {
    const scores = [1, 2, 3, 4, 5, 6, 7].map((s) => scoreFromStage(s));
    for (let i = 1; i < scores.length; i++) expect(scores[i]!).toBeLessThan(scores[i - 1]!);
    expect(scores[0]).toBeGreaterThan(85);
    expect(scores[6]).toBeLessThan(20);
    expect(ratingForScore(scores[0]!)).toBe('Certified Rizz God');
    for (const s of [-3, 0, 12]) {
      const v = scoreFromStage(s);
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(100);
    }
  });

  it('has one committed model per view, its weights named', () => {
    for (const model of SCORE_MODELS) {
      const m = FITTED.models[model];
      expect(m.weights).toHaveLength(m.features.length);
      expect(new Set(m.features).size).toBe(m.features.length);
    }
    expect(FITTED.provenance.datasets.length).toBeGreaterThan(0);
    expect(FITTED.provenance.rowWeights).toMatch(/one vote per photo/);
  });

  it('refuses features that do not match the fitted names', () => {
    const m = FITTED.models.front;
    const x = atMean(m);
    expect(() => predictStage(m, { ...x, unknown: 1 })).toThrow(FeatureMismatchError);
    const missing = { ...x };
    delete missing[m.features[0]!];
    expect(() => predictStage(m, missing)).toThrow(/missing/);
  });

  it('front: a higher forehead, bare temples and no hair above it predict more loss', () => {
    const m = FITTED.models.front;
    const at = (forehead: number, hairDepth: number, bare: number) =>
      predictStage(
        m,
        atMean(m, {
          foreheadHeight: forehead,
          templeBare: bare,
          frontalCoverage: 1 - bare,
          topCoverage: 1 - bare,
          bareWidth: bare,
          hairDepth,
        }),
      );
    expect(at(1.3, 0, 1)).toBeGreaterThan(at(0.8, 0.7, 0) + 2);
  });

  it('front: bare temple corners alone predict more loss (the first step, Norwood 1 to 2)', () => {
    const m = FITTED.models.front;
    expect(predictStage(m, atMean(m, { templeBare: 0.8 }))).toBeGreaterThan(
      predictStage(m, atMean(m, { templeBare: 0.05 })),
    );
  });

  it('same measurements, same score', () => {
    const m = FITTED.models.front;
    expect(scoreFromStage(predictStage(m, atMean(m)))).toBe(scoreFromStage(predictStage(m, { ...atMean(m) })));
  });

  it('Norwood estimate stays in 1..7 with a capped confidence', () => {
    expect(norwoodEstimate(0.2, 0.8).stage).toBe(1);
    expect(norwoodEstimate(9, 0.8).stage).toBe(7);
    for (const s of stages) expect(norwoodEstimate(s, 1).confidence).toBeLessThanOrEqual(0.95);
  });
});

describe('commentary', () => {
  const said = (stage: number, m: Measurements) => rateStage({ measurements: m, stage, shine: 0.2, evenness: 0.7 });

  it('is deterministic, several sentences, and varies with the reading', () => {
    expect(said(3, front()).commentary).toBe(said(3, front()).commentary);
    expect(said(3, front()).commentary.split('. ').length).toBeGreaterThanOrEqual(3);
    const variety = new Set(
      [0.8, 1, 1.2, 1.4].map((h) => said(3.5, front({ hairlineHeightRatio: h, templeRecession: h - 0.8 })).commentary),
    );
    expect(variety.size).toBeGreaterThan(1);
  });

  it('never talks about temples or the front of the scalp on a photo of the top of the head', () => {
    for (const stage of [1.5, 3, 4.5, 6.5])
      for (let c = 0; c <= 1; c += 0.1)
        expect(said(stage, top({ frontalCoverage: c })).commentary).not.toMatch(/temple|front(al)? zone|up front/i);
    expect(said(3, top()).commentary).toMatch(/top of the head/);
    expect(said(2, front({ templeRecession: 0.2 })).commentary).toMatch(/temples/);
  });

  it('suggests 3 to 5 styles fitting the band, each with its reason', () => {
    const low = said(6.8, front({ bareTopShare: 0.95, topCoverage: 0.02, frontalCoverage: 0.1 })).hairstyleSuggestions;
    expect(low.length).toBeGreaterThanOrEqual(3);
    expect(low.length).toBeLessThanOrEqual(5);
    expect(low.join(' ')).toMatch(/buzz|shaved|Bald/i);
    for (const s of low) expect(s).toMatch(/^[^:]+: \w.+/);
  });
});
