import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contradictions, type CheckedResult } from '#lambdas/analysis/score/consistency.ts';
import { rateStage, type Reading } from '#lambdas/analysis/score/reading.ts';
import {
  HAIRSTYLES,
  fitsLength,
  fitsVerdict,
  hairstylesFor,
  suggestionText,
  wearable,
} from '#lambdas/analysis/score/hairstyles.ts';
import { OPENERS } from '#lambdas/analysis/score/commentary.ts';
import { combinedStage } from '#shared/hairline.ts';
import { verdictOfResult } from '#shared/hairline-words.ts';
import type { Measurements, PhotoSubject } from '#shared/schemas.ts';
import { frontMeasurements, topMeasurements } from '#test/support/ratings.ts';

/**
 * Every dev photo's reading, as `npm run readings:dev` wrote it from the engine's measurements (numbers only; no
 * photo): its estimate by the committed models and out of fold.
 */
interface DevReading {
  set: string;
  file: string;
  label: number;
  stage: number;
  outOfFoldStage: number;
  measurements: Measurements;
  shine: number;
  evenness: number;
}
const DEV: DevReading[] = JSON.parse(
  readFileSync(new URL('../../../../fixtures/dev-readings.json', import.meta.url), 'utf8'),
).readings;

/** what a user would say each dev folder's photos are of: the bowed selfies and portraits are hairline photos */
const photoOfSet = (set: string): PhotoSubject => (set === 'norwood-groups' ? 'crown' : 'hairline');
const readingOf = (r: DevReading, stage = r.stage): Reading => ({
  stage,
  measurements: r.measurements,
  shine: r.shine,
  evenness: r.evenness,
  photoOf: photoOfSet(r.set),
});
const said = (reading: Reading): CheckedResult => {
  const rated = rateStage(reading);
  return { ...rated, measurements: reading.measurements, ...(reading.photoOf ? { photoOf: reading.photoOf } : {}) };
};
const listed = (found: { file: string; c: ReturnType<typeof contradictions> }[]) =>
  found.map(({ file, c }) => `${file}: ${c.map((x) => `${x.a} / ${x.b} (${x.why})`).join('; ')}`);

const OPENER_TEXTS = new Set(Object.values(OPENERS).flatMap((t) => Object.values(t).map((s) => s!.text)));
const openerOf = (commentary: string) => [...OPENER_TEXTS].find((t) => commentary.startsWith(t));

describe('one reading, said one way: every dev photo', () => {
  it('holds the readings of the four dev folders', () => {
    expect(new Set(DEV.map((r) => r.set))).toEqual(
      new Set(['portraits/men', 'portraits/women', 'norwood-front', 'norwood-groups']),
    );
    expect(DEV.length).toBeGreaterThan(400);
  });

  it('no contradiction in any result, by the committed models and out of fold', () => {
    const found = DEV.flatMap((r) =>
      [r.stage, r.outOfFoldStage].map((stage) => ({
        file: `${r.set}/${r.file}@${stage}`,
        c: contradictions(said(readingOf(r, stage))),
      })),
    ).filter((f) => f.c.length > 0);
    expect(listed(found)).toEqual([]);
  });

  it('no contradiction in a photo measured from above, taken as a hairline photo or as a crown photo', () => {
    const found = DEV.filter((r) => r.measurements.view === 'top').flatMap((r) =>
      (['hairline', 'crown'] as const).map((photoOf) => ({
        file: `${r.set}/${r.file} as a ${photoOf} photo`,
        c: contradictions(said({ ...readingOf(r), photoOf })),
      })),
    );
    expect(found.length).toBeGreaterThan(500);
    expect(listed(found.filter((f) => f.c.length > 0))).toEqual([]);
  });

  it('no contradiction with a crown photo beside a face photo: every face photo with a thin and a full crown', () => {
    const crowns = DEV.filter((r) => r.measurements.view === 'top');
    const thin = crowns.reduce((a, b) => (b.stage > a.stage ? b : a));
    const full = crowns.reduce((a, b) => (b.stage < a.stage ? b : a));
    const found = DEV.filter((r) => r.measurements.view !== 'top').flatMap((face) =>
      [thin, full].map((crown) => {
        const faceStage = Math.round(face.stage * 100) / 100;
        const reading: Reading = {
          ...readingOf(face),
          stage: combinedStage(face.stage, crown.stage),
          crown: { stage: crown.stage, confidence: crown.measurements.confidence, faceStage },
        };
        const rated = rateStage(reading);
        const result = {
          ...rated,
          measurements: face.measurements,
          crown: { norwoodStage: Math.round(crown.stage), faceStageEstimate: faceStage },
        };
        return { file: `${face.file}+${crown.file}`, c: contradictions(result) };
      }),
    );
    expect(listed(found.filter((f) => f.c.length > 0))).toEqual([]);
  });

  it('openers vary with the reading: the dev photos get many of them, each band several', () => {
    const openers = DEV.map((r) => openerOf(rateStage(readingOf(r)).commentary));
    expect(openers.every(Boolean)).toBe(true);
    const distinct = new Set(openers);
    // reported in docs/analysis.md; 4 bands × what the photo shows
    expect(distinct.size).toBeGreaterThanOrEqual(12);
  });

  it('suggests only styles the hair on top can wear, each with its reason', () => {
    for (const r of DEV) {
      const { hairstyleSuggestions } = rateStage(readingOf(r));
      expect(hairstyleSuggestions.length).toBeGreaterThanOrEqual(3);
      for (const s of hairstyleSuggestions) expect(HAIRSTYLES.map(suggestionText)).toContain(s);
    }
  });
});

describe('the checker finds what the issue saw', () => {
  const base = said({ stage: 1.6, measurements: frontMeasurements(), shine: 0.1, evenness: 0.9 });
  const why = (r: CheckedResult) => contradictions(r).map((c) => `${c.a} | ${c.b} | ${c.why}`);

  it('a consistent result: nothing', () => {
    expect(why(base)).toEqual([]);
  });

  it('"Early recession at the temples" beside "Recession: None"', () => {
    // temples 0.4 face units above the midline read as early recession whatever the score
    const m = frontMeasurements({ templeRecession: 0.4, templeLeft: 0.4, templeRight: 0.4 });
    const r = said({ stage: 2.2, measurements: m, shine: 0.1, evenness: 0.9 });
    expect(why(r)).toEqual([]);
    expect(why({ ...r, recessionLevel: 'None' }).join('\n')).toMatch(
      /recessionLevel: None \| verdict: Early recession/,
    );
  });

  it('Health "Poor" on a man scored 82, Density "Excellent" on a thinning top', () => {
    expect(why({ ...base, health: 'Poor' }).join('\n')).toMatch(/score \d+ \| health: Poor/);
    const thinning = said({
      stage: 4.3,
      measurements: frontMeasurements({ frontalCoverage: 0.4 }),
      shine: 0.3,
      evenness: 0.5,
    });
    expect(why(thinning)).toEqual([]);
    expect(why({ ...thinning, density: 'Excellent' }).join('\n')).toMatch(/density: Excellent/);
  });

  it('"Never" above a number of years, a label that is not the score band, a stage that is not the estimate', () => {
    expect(why({ ...base, yearsUntilBald: 'Never' }).join('\n')).toMatch(/Never/);
    expect(why({ ...base, rating: 'Cooked' }).join('\n')).toMatch(/label Cooked/);
    expect(why({ ...base, norwoodStage: 5 }).join('\n')).toMatch(/Norwood stage 5/);
  });

  it('"negotiating a retreat" followed by "no frontal hairline left to trace"', () => {
    const commentary =
      'The hairline is negotiating a retreat, but it has not surrendered. ' +
      'Forehead skin runs right up to the top of the head: there is no frontal hairline left to trace.';
    expect(why({ ...base, score: 45, rating: 'Mid', commentary }).join('\n')).toMatch(
      /not surrendered.*\n?.*no frontal hairline|no frontal hairline.*not surrendered/s,
    );
  });

  it('a sentence it does not know, a bare style name, a fringe for a bare top', () => {
    expect(why({ ...base, commentary: base.commentary + ' Your hair is great.' }).join('\n')).toMatch(/does not know/);
    expect(why({ ...base, hairstyleSuggestions: ['Pompadour', ...base.hairstyleSuggestions] }).join('\n')).toMatch(
      /Pompadour/,
    );
    const bald = said({
      stage: 6.5,
      measurements: frontMeasurements({ bareTopShare: 0.95, topCoverage: 0.02, frontalCoverage: 0.1 }),
      shine: 0.6,
      evenness: 0.4,
    });
    expect(why(bald)).toEqual([]);
    const fringe = suggestionText(HAIRSTYLES.find((h) => /fringe/.test(h.name))!);
    expect(why({ ...bald, hairstyleSuggestions: [fringe, ...bald.hairstyleSuggestions] }).join('\n')).toMatch(
      /the style is for thinning or full hair on top/,
    );
  });

  it('a hairline photo measured from above spoken of as a crown photo, and the other way round', () => {
    const reading: Reading = { stage: 3.2, measurements: topMeasurements(), shine: 0.2, evenness: 0.8 };
    const asHairline = said({ ...reading, photoOf: 'hairline' });
    const asCrown = said({ ...reading, photoOf: 'crown' });
    expect(asHairline.commentary).toMatch(/hairline seen from above/);
    expect(asCrown.commentary).toMatch(/photo of the top of the head/);
    expect(why(asHairline)).toEqual([]);
    expect(why(asCrown)).toEqual([]);
    // an older client says nothing: a photo measured from above is then the crown, as the history names it
    expect(said(reading).commentary).toBe(asCrown.commentary);
    expect(why({ ...asCrown, photoOf: 'hairline' }).join('\n')).toMatch(
      /photo of the top of the head.*\| the photo: Hairline from above \| .*another kind \(crown\)/,
    );
    expect(why({ ...asHairline, photoOf: 'crown' }).join('\n')).toMatch(
      /the photo: Crown \| .*another kind \(hairline from above\)/,
    );
  });

  it('a style whose reason speaks of another hairline: a "straight, full hairline" beside early recession, a fringe for temples that have not moved', () => {
    const early = said({
      stage: 2.2,
      measurements: frontMeasurements({ templeRecession: 0.4, templeLeft: 0.4, templeRight: 0.4 }),
      shine: 0.1,
      evenness: 0.9,
    });
    expect(early.commentary).toMatch(/temples/);
    expect(why(early)).toEqual([]);
    const sidePart = suggestionText(HAIRSTYLES.find((h) => h.name === 'Side part with a low fade')!);
    expect(early.hairstyleSuggestions).not.toContain(sidePart);
    expect(why({ ...early, hairstyleSuggestions: [sidePart, ...early.hairstyleSuggestions] }).join('\n')).toMatch(
      /verdict: Early recession at the temples \| Side part .* \| the style's reason speaks of another hairline/,
    );
    const fringe = suggestionText(HAIRSTYLES.find((h) => h.name === 'French crop with a short fringe')!);
    const straight = said({ stage: 1.6, measurements: frontMeasurements(), shine: 0.1, evenness: 0.9 });
    expect(why(straight)).toEqual([]);
    expect(straight.hairstyleSuggestions).not.toContain(fringe);
    expect(why({ ...straight, hairstyleSuggestions: [fringe] }).join('\n')).toMatch(/French crop .* another hairline/);
  });

  it('a reason about a thinner top beside a thick one: "hides thinner patches" beside "thick and even"', () => {
    const thick = said({ stage: 1.3, measurements: frontMeasurements(), shine: 0.1, evenness: 0.95 });
    const patches = suggestionText(HAIRSTYLES.find((h) => h.name === 'Short textured crop')!);
    expect(why(thick)).toEqual([]);
    expect(thick.hairstyleSuggestions).not.toContain(patches);
    expect(why({ ...thick, hairstyleSuggestions: [patches] }).join('\n')).toMatch(
      /the hair on top reads full \| Short textured crop.* \| the style is for thinning hair on top/,
    );
  });

  it('hair to the jaw or longer keeps its length: no crop or fade for it while the top has hair, and the checker lists one', () => {
    const long = said({ stage: 1.3, measurements: frontMeasurements({ hairLength: 3.2 }), shine: 0.1, evenness: 0.95 });
    expect(why(long)).toEqual([]);
    expect(long.hairstyleSuggestions.join(' ')).toMatch(/Long layers/);
    expect(long.hairstyleSuggestions.join(' ')).not.toMatch(/crop|fade|Taper|Crew|Buzz|shaved|Bald/);
    const short = said({
      stage: 1.3,
      measurements: frontMeasurements({ hairLength: 0.5 }),
      shine: 0.1,
      evenness: 0.95,
    });
    expect(short.hairstyleSuggestions.join(' ')).not.toMatch(/Long layers|Keep the length/);
    const crop = suggestionText(HAIRSTYLES.find((h) => h.name === 'Textured crop')!);
    expect(why({ ...long, hairstyleSuggestions: [crop, ...long.hairstyleSuggestions] }).join('\n')).toMatch(
      /the hair reads long \| Textured crop.* \| the style is for short hair/,
    );
    // a bald top with long hair at the sides: the short options are still the usual advice
    const bareLong = said({
      stage: 6.5,
      measurements: frontMeasurements({ bareTopShare: 0.95, topCoverage: 0.02, frontalCoverage: 0.1, hairLength: 3 }),
      shine: 0.6,
      evenness: 0.4,
    });
    expect(why(bareLong)).toEqual([]);
    expect(bareLong.hairstyleSuggestions.join(' ')).toMatch(/Buzz cut/);
  });

  it('every band, hair on top, verdict line and length gets at least three suggestions that fit it', () => {
    for (const band of ['top', 'good', 'mid', 'low'] as const)
      for (const top of ['full', 'thinning', 'bare'] as const)
        for (const verdict of [0, 1, 2, 3] as const)
          for (const length of ['short', 'long'] as const) {
            const styles = hairstylesFor(band, top, verdict, length).map((t) =>
              HAIRSTYLES.find((h) => suggestionText(h) === t)!,
            );
            expect(styles.length, `${band} ${top} ${verdict} ${length}`).toBeGreaterThanOrEqual(3);
            for (const h of styles)
              expect(wearable(h, top) && fitsVerdict(h, verdict) && fitsLength(h, length), h.name).toBe(true);
          }
  });

  it('a crown card at odds with what the commentary says of the crown', () => {
    const reading: Reading = {
      stage: combinedStage(2, 6.5),
      measurements: frontMeasurements(),
      shine: 0.1,
      evenness: 0.9,
      crown: { stage: 6.5, confidence: 0.7, faceStage: 2 },
    };
    const r = { ...said(reading), crown: { norwoodStage: 7, faceStageEstimate: 2 } };
    expect(why(r)).toEqual([]);
    expect(why({ ...r, crown: { norwoodStage: 1, faceStageEstimate: 2 } }).join('\n')).toMatch(
      /crown card: Norwood stage 1/,
    );
  });

  it("a thinner crown raises the joined estimate, not the hairline's recession: the verdict reads the face photo's own", () => {
    // temples a little higher than the midline, the face photo alone Norwood 2.1, a crown photo of Norwood 5.5
    const m = frontMeasurements({ templeRecession: 0.05, templeLeft: 0.05, templeRight: 0.05 });
    const reading: Reading = {
      stage: combinedStage(2.1, 5.5),
      measurements: m,
      shine: 0.1,
      evenness: 0.9,
      crown: { stage: 5.5, confidence: 0.7, faceStage: 2.1 },
    };
    const joined = said(reading);
    expect(joined.norwoodStage).toBeGreaterThanOrEqual(3);
    const result = { ...joined, crown: { norwoodStage: 6, faceStageEstimate: 2.1 } };
    expect(why(result)).toEqual([]);
    const verdict = verdictOfResult(result);
    expect(verdict.verdict).not.toBe('Receding hairline');
    expect(joined.commentary).not.toMatch(/M shape deepening|both moved back/);
    // without the face photo's own estimate (the joined one read as the hairline's), the crown would move the hairline
    expect(verdictOfResult({ ...joined, crown: undefined }).verdict).toBe('Receding hairline');
  });

  it('no style asks coiled hair to lie flat or stand up: none needs a straight texture', () => {
    expect(HAIRSTYLES.map((h) => h.name).join(' ')).not.toMatch(/pompadour|slick|curtain|quiff/i);
    expect(topMeasurements().view).toBe('top');
  });
});
