import { describe, expect, it } from 'vitest';
import {
  crossValidateWithCopies,
  fitModel,
  onePhotoOneVote,
  withRefitted,
  type FitRow,
} from '#scripts/analysis/lib/stage-model-fit.ts';
import { FITTED, predictStage } from '#lambdas/analysis/score/model.ts';
import type { NamedFeatures } from '#lambdas/analysis/types.ts';
import { spearman } from '#scripts/analysis/lib/stats.ts';

/** a fixed pseudo-random sequence, so the test is the same on every run */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * 30 photos, each named by a feature of its own, with random targets: a copy of a held-out photo among its fold's
 * training rows would pull the photo's prediction onto its own target. `copiesOf` gives each photo its copies.
 */
function photosNamedByAFeature(
  seed: number,
  copiesOf: (features: NamedFeatures, k: number) => Partial<FitRow>,
): FitRow[] {
  const rnd = random(seed);
  const n = 30;
  return Array.from({ length: n }, (_, k) => {
    const features = Object.fromEntries(Array.from({ length: n }, (_, j) => [`photo${j}`, j === k ? 1 : 0]));
    return { view: 'top', features, target: 1 + 6 * rnd(), ...copiesOf(features, k) };
  });
}

/** the mean distance of the out-of-fold stages from the targets */
const meanError = (stages: number[], rows: FitRow[]) =>
  stages.reduce((a, s, i) => a + Math.abs(s - rows[i]!.target), 0) / rows.length;

describe('the fit: named features, and copies turned by a quarter that only ever train', () => {
  it('records the photos, the turned copies and the names it was fitted on', () => {
    const rows: FitRow[] = [1, 2, 3, 4, 5, 6].map((t) => ({
      view: 'top',
      features: { up: t, side: 0 },
      target: t,
      copies: [{ up: 0, side: t }],
      ...(t % 2 ? { darker: { up: t, side: 1 } } : {}),
    }));
    const model = fitModel(rows, 1);
    expect(model.features).toEqual(['up', 'side']);
    expect(model.n).toBe(6);
    expect(model.turnedCopies).toBe(6);
    expect(model.darkerCopies).toBe(3);
    expect(() => predictStage(model, { up: 1 })).toThrow(/missing side/);
  });

  it('a signal the turn moves to another feature is learned from the copies, and copies are judged held out', () => {
    // the photo as taken carries its stage on one feature, turned on another (the encoder is not indifferent to turns)
    const rnd = random(7);
    const rows: FitRow[] = Array.from({ length: 200 }, (_, i) => {
      const t = 1 + (i % 7);
      const noise = () => (rnd() - 0.5) * 0.5;
      return {
        view: 'top',
        features: { up: t + noise(), side: 0 },
        target: t,
        copies: [{ up: noise(), side: t + noise() }],
      };
    });
    const targets = rows.map((r) => r.target);
    const fold = (i: number) => i % 5;
    const withCopies = crossValidateWithCopies(rows, fold, FITTED.models);
    expect(withCopies.copies.every((c) => c.length === 1)).toBe(true);
    expect(spearman(withCopies.stages, targets)).toBeGreaterThan(0.9);
    expect(
      spearman(
        withCopies.copies.map((c) => c[0]!),
        targets,
      ),
    ).toBeGreaterThan(0.9);
    // trained on the photos as taken only, a turned copy is read on the feature that carried nothing
    const asTaken = fitModel(
      rows.map((r) => ({ ...r, copies: undefined })),
      1,
    );
    const turnedAsTaken = rows.map((r) => predictStage(asTaken, r.copies![0]!));
    expect(Math.abs(spearman(turnedAsTaken, targets))).toBeLessThan(0.5);
  });

  it('with a turn spread penalty, a photo and its turned copies read closer, and the ranking holds', () => {
    // the stage shows on a feature the turn leaves alone and, as taken only, on one the turn wipes out
    const rnd = random(5);
    const noise = () => (rnd() - 0.5) * 2;
    const rows: FitRow[] = Array.from({ length: 140 }, (_, i) => {
      const t = 1 + (i % 7);
      return {
        view: 'top',
        features: { still: t + noise(), upright: t + noise() / 4 },
        target: t,
        copies: [1, 2, 3].map(() => ({ still: t + noise(), upright: 4 + noise() / 4 })),
      };
    });
    const spreadOf = (turnSpread: number) => {
      const model = fitModel(rows, 1, {}, turnSpread);
      const moves = rows.flatMap((r) =>
        r.copies!.map((c) => Math.abs(predictStage(model, c) - predictStage(model, r.features))),
      );
      const rho = spearman(
        rows.map((r) => predictStage(model, r.features)),
        rows.map((r) => r.target),
      );
      return { model, move: moves.reduce((a, m) => a + m, 0) / moves.length, rho };
    };
    const without = spreadOf(0),
      held = spreadOf(100);
    expect(without.model.turnSpread).toBeUndefined();
    expect(held.model.turnSpread).toBe(100);
    expect(held.move).toBeLessThan(without.move / 3);
    expect(held.rho).toBeGreaterThan(without.rho - 0.01);
  });

  it('never trains on a copy of a photo it holds out', () => {
    const rows = photosNamedByAFeature(11, (features) => ({
      copies: Array.from({ length: 40 }, () => ({ ...features })),
    }));
    const { stages } = crossValidateWithCopies(rows, (i) => i % 5, FITTED.models);
    expect(meanError(stages, rows)).toBeGreaterThan(1);
  });
});

describe('the fit: darker copies, so skin and light carry no stage', () => {
  /**
   * The encoder reads a darker photo as more hair (`hair` up) and darker (`light` down); as taken, `light` follows the
   * stage a little (bare scalp shines). Trained with the darker copies, the model learns to take back through `light`
   * what darkness put on `hair`.
   */
  const rows = (darker: boolean): FitRow[] => {
    const rnd = random(5);
    return Array.from({ length: 140 }, (_, i) => {
      const t = 1 + (i % 7);
      const noise = () => (rnd() - 0.5) * 0.6;
      const hair = 8 - t + noise(),
        light = 0.3 * t + noise();
      return {
        view: 'top',
        features: { hair, light },
        target: t,
        ...(darker ? { darker: { hair: hair + 1.5, light: light - 2 } } : {}),
      };
    });
  };
  const shift = (model: ReturnType<typeof fitModel>) =>
    rows(true).reduce((a, r) => a + predictStage(model, r.features) - predictStage(model, r.darker!), 0) / 140;

  it('trained with them, darkness alone moves the stage far less, and the ranking holds', () => {
    const without = fitModel(rows(false), 1);
    const withDarker = fitModel(rows(true), 1);
    expect(shift(without)).toBeGreaterThan(1);
    expect(Math.abs(shift(withDarker))).toBeLessThan(shift(without) / 4);
    const targets = rows(true).map((r) => r.target);
    expect(
      spearman(
        rows(true).map((r) => predictStage(withDarker, r.features)),
        targets,
      ),
    ).toBeGreaterThan(0.9);
  });

  it('judges each darker copy held out, and never trains on the darker copy of a photo it holds out', () => {
    // weighed heavily, so that a darker copy in its photo's training rows would be plain to see
    const rows = photosNamedByAFeature(13, (features, k) => ({
      weight: 40,
      ...(k % 3 ? { darker: { ...features } } : {}),
    }));
    const { stages, darker } = crossValidateWithCopies(rows, (i) => i % 5, FITTED.models);
    expect(darker.map((d) => d !== undefined)).toEqual(rows.map((r) => r.darker !== undefined));
    expect(meanError(stages, rows)).toBeGreaterThan(1);
  });
});

describe('one photo, one vote', () => {
  const row = (x: number, target: number): FitRow => ({ view: 'top', features: { x }, target });

  it('weighs each row by one over its copies, so a photo held three times counts as one', () => {
    // photos at x 1..6 on the line target = x; the outlier (x 3, target 6) is held three times
    const photos = [row(1, 1), row(2, 2), row(3, 6), row(4, 4), row(5, 5), row(6, 6)];
    const copied = [...photos, row(3, 6), row(3, 6)];
    const groups = [0, 1, 2, 3, 4, 5, 2, 2];
    const voting = onePhotoOneVote(copied, groups);
    expect(voting.map((r) => r.weight)).toEqual([1, 1, 1 / 3, 1, 1, 1, 1 / 3, 1 / 3]);
    // the weights are on standardised features, whose mean and spread the copies move: compare the lines drawn
    const line = (m: ReturnType<typeof fitModel>) => [0, 10].map((x) => predictStage(m, { x }));
    const once = line(fitModel(photos, 0.01));
    const weighed = line(fitModel(voting, 0.01));
    weighed.forEach((v, k) => expect(v).toBeCloseTo(once[k]!, 2));
    // counted three times, the outlier pulls the line further
    const unweighed = line(fitModel(copied, 0.01));
    expect(Math.abs(unweighed[0]! - once[0]!)).toBeGreaterThan(0.3);
  });
});

describe('refitting some models (fit:hairline --models)', () => {
  const model = (lambda: number) =>
    fitModel(
      [1, 2, 3].map((t) => ({ view: 'top', features: { a: t }, target: t })),
      lambda,
    );
  const committed = {
    provenance: {
      fittedAt: '2026-11-29',
      commit: 'old',
      command: 'fit all',
      datasets: [],
      outOfFold: {},
      rowWeights: '',
    },
    models: { front: model(1), above: model(2) },
  };
  const fitted = { front: model(3), above: model(4) };
  const fit = { fittedAt: '2026-12-03', commit: 'new', command: 'fit above' };

  it('writes the models named as just fitted, with this fit, and keeps the others with the fit they had', () => {
    const out = withRefitted(committed, fitted, ['above'], fit);
    expect(out.above).toEqual({ ...fitted.above, fit });
    expect(out.front).toEqual({
      ...committed.models.front,
      fit: { fittedAt: '2026-11-29', commit: 'old', command: 'fit all' },
    });
    const again = withRefitted({ ...committed, models: out }, fitted, ['front'], { ...fit, commit: 'newer' });
    expect(again.above.fit).toEqual(fit);
    expect(again.front.fit?.commit).toBe('newer');
  });
});
