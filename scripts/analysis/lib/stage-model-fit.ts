/** Fitting the per-view models, and cross-validating them: the same code for `fit:hairline` and `eval:hairline`. */
import type { PhotoView } from '#shared/schemas.ts';
import {
  type FittedParams,
  HAIRLINE_FEATURES,
  type LinearModel,
  type ModelFit,
  type NamedFeatures,
  predictStage,
  SCALP_TEXTURE_FEATURES,
  SCORE_MODEL,
  SCORE_MODELS,
  type ScoreModel,
} from '#lambdas/analysis/offline.ts';
import { mean } from '#shared/statistics.ts';
import { ridge } from './ridge.ts';

/**
 * Ridge penalty per view, in units of standardised features over a few hundred photos: small weights, no single feature
 * rules. Both models read the hair model's encoder features (hundreds of them). The front view reads its eight named
 * hairline measurements beside the 128 features of the pass on the head's square (face-view/head-encoder.ts), at λ 100
 * with the measurements boosted 3 times (RIDGE_BOOST: their own penalty 100 / 9): the most at which each measurement
 * still weighs in its meaning's direction (more forehead, higher or barer temple corners, less hair: more loss); at 4
 * the frontal band's hair weighed +0.03, at 8 the temple corners' bare share −0.09. Grouped CV on the dev portraits,
 * mean of three fold shuffles, 2026-11-28: the measurements alone at λ 40 ρ 0.884, AUC level 1 vs 2 0.845; with the
 * whole photo's encoder over the head's hair (λ 1000, boost 8) 0.898, 0.884; with the head pass's instead 0.905, 0.903
 * (at λ 300: 0.903, 0.899; at 1000: 0.896, 0.882). The views from above, on 512 encoder features (two taps): grouped
 * CV, mean of three fold shuffles, 2026-11-28: bowed selfies ρ 0.873 at 1000, 0.878 at 2000; crown photos 0.796,
 * 0.794 (one tap, at 1000: 0.864 and 0.776); each photo one vote (onePhotoOneVote): 0.876, 0.881; 0.810, 0.805.
 */
export const RIDGE_LAMBDA: Record<ScoreModel, number> = { front: 100, above: 2000 };
/**
 * Features penalised less than the rest (their penalty is λ / boost²), which the encoder features would otherwise drown:
 * the front view's hairline measurements (RIDGE_LAMBDA) and the four scalp-texture features of the views from above
 * (grouped CV on the dev folders, 2026-11-25: bowed selfies −0.837 → −0.860, crown photos −0.627 → −0.703 with a boost
 * of 10; 20 was no better).
 */
export const RIDGE_BOOST: Record<ScoreModel, Record<string, number>> = {
  front: Object.fromEntries(HAIRLINE_FEATURES.map((name) => [name, 3])),
  above: Object.fromEntries(SCALP_TEXTURE_FEATURES.map((name) => [name, 10])),
};
/**
 * How much the fit pays for a photo's quarter turns reading apart (ridge.ts `spread`): Σ over the photos with turned
 * copies of weight × Σ over the photo and its turns of (estimate − the mean of its turns' estimates)², times this.
 * Training on the turns alone leaves the estimate moving with them (the 815 turned copies of the dev views from above:
 * out of fold 136 moved the hairline age more than 5 years, up to 22). Grouped CV on the dev folders, 2026-12-03
 * (.scratch measurements of every dev photo from above turned three ways, λ 2000), ρ bowed selfies / crown photos and
 * the out-of-fold copies moving more than 5 years: 0: 0.885 / 0.816, 136; 1: 0.884 / 0.815, 112; 2: 0.884 / 0.813,
 * 92; **3: 0.883 / 0.815, 80**; 5: 0.882 / 0.809, 65; 10: 0.878 / 0.800, 52; 30: 0.867 / 0.786, 31; at λ 1000 with
 * 10 and 30: 0.876 / 0.812, 66 and 0.869 / 0.804, 42. 3 is the most that keeps both ρ within 0.002.
 */
export const TURN_SPREAD: Record<ScoreModel, number> = { front: 0, above: 3 };
export const FOLDS = 5;
/** a view with fewer training photos than this in a fold keeps the committed model for it */
const MIN_TRAIN = 12;

export interface FitRow {
  view: PhotoView;
  features: NamedFeatures;
  target: number;
  /** the same photo turned by quarter turns (turned-copies.ts): more rows to train on, never to judge by */
  copies?: NamedFeatures[];
  /** the same photo with darker, browner skin and light (darker-copy.ts): a row to train on, never to judge by */
  darker?: NamedFeatures;
  /** how much the row (and each of its copies) counts in the fit; 1 when not given */
  weight?: number;
}

/** onePhotoOneVote in words, as the fitted file records it */
export const ROW_WEIGHTS =
  'one vote per photo: a row and its copies (turned, darker) weigh 1 / the copies of the photo (perceptual hash)';

/**
 * Each row weighted by one over the number of rows in its group (`groups`, by perceptual hash: copies of one photo):
 * a photo that a data set holds several times, flipped or brightened, counts once in the fit, not once per copy (the
 * bowed-selfie folder holds 205 files of 90 photos). Grouped CV on the dev folders (2026-11-28, mean of three fold
 * shuffles, the above model at λ 2000): bowed selfies ρ 0.880 → 0.881, crown photos 0.794 → 0.805 (at λ 1000: 0.876,
 * 0.810; 1500: 0.879, 0.810); weights of one over the square root: 0.881, 0.800.
 */
export function onePhotoOneVote<T extends FitRow>(rows: T[], groups: readonly number[]): T[] {
  const size = new Map<number, number>();
  for (const g of groups) size.set(g, (size.get(g) ?? 0) + 1);
  return rows.map((r, i) => ({ ...r, weight: 1 / size.get(groups[i]!)! }));
}

/** each row, then its turned copies and its darker copy as rows of the same view, target and weight */
function withCopies(rows: FitRow[]): FitRow[] {
  return rows.flatMap((r) => [
    r,
    ...[...(r.copies ?? []), ...(r.darker ? [r.darker] : [])].map((features) => ({
      view: r.view,
      features,
      target: r.target,
      weight: r.weight,
    })),
  ]);
}

/**
 * Each photo's quarter turns (the photo and its turned copies, as the fit reads them), each minus their mean, weighted
 * by the photo's weight times `turnSpread`: the directions along which its estimate must not move with the turn.
 */
function turnSpreadRows(
  photos: FitRow[],
  read: (features: NamedFeatures) => number[],
  turnSpread: number,
): { rows: number[][]; weights: number[] } {
  const rows: number[][] = [],
    weights: number[] = [];
  for (const photo of photos) {
    if (!photo.copies?.length || turnSpread === 0) continue;
    const turns = [photo.features, ...photo.copies].map(read);
    const centre = turns[0]!.map((_, j) => mean(turns.map((t) => t[j]!)));
    for (const t of turns) {
      rows.push(t.map((v, j) => v - centre[j]!));
      weights.push(turnSpread * (photo.weight ?? 1));
    }
  }
  return { rows, weights };
}

/**
 * A ridge fit over the rows' named features (the first row's names, which every row of a view shares); with
 * `turnSpread`, each photo's quarter turns are pulled towards one estimate (TURN_SPREAD).
 */
export function fitModel(
  photos: FitRow[],
  lambda: number,
  boost: Record<string, number> = {},
  turnSpread = 0,
): LinearModel {
  const rows = withCopies(photos);
  const names = Object.keys(rows[0]!.features);
  const b = names.map((name) => boost[name] ?? 1);
  const x = rows.map((r) => names.map((name) => r.features[name]!));
  const k = names.length;
  const mu = [...Array(k).keys()].map((j) => mean(x.map((row) => row[j]!)));
  const sd = [...Array(k).keys()].map((j) => Math.sqrt(mean(x.map((row) => (row[j]! - mu[j]!) ** 2))) || 1);
  const standardised = (row: number[]) => row.map((v, j) => ((v - mu[j]!) / sd[j]!) * b[j]!);
  const fit = ridge(
    x.map(standardised),
    rows.map((r) => r.target),
    lambda,
    rows.map((r) => r.weight ?? 1),
    turnSpreadRows(photos, (f) => standardised(names.map((name) => f[name]!)), turnSpread),
  );
  const boosted = Object.fromEntries(names.filter((name) => boost[name] !== undefined).map((n) => [n, boost[n]!]));
  return {
    features: names,
    mean: mu.map(r6),
    sd: sd.map(r6),
    // a boosted feature's weight already holds its boost
    weights: fit.weights.map((w, j) => r6(w * b[j]!)),
    intercept: r6(fit.intercept),
    n: photos.length,
    ...count(
      'turnedCopies',
      photos.reduce((k, r) => k + (r.copies?.length ?? 0), 0),
    ),
    ...count('darkerCopies', photos.filter((r) => r.darker).length),
    lambda,
    ...(Object.keys(boosted).length ? { boost: boosted } : {}),
    ...(turnSpread && photos.some((r) => r.copies?.length) ? { turnSpread } : {}),
  };
}

/** `{ [name]: n }` when there are any, so a model fitted without copies records none */
function count<K extends string>(name: K, n: number): Partial<Record<K, number>> {
  return n ? ({ [name]: n } as Record<K, number>) : {};
}

export function fitAll(rows: FitRow[], fallback?: FittedParams['models']): FittedParams['models'] {
  const out = {} as FittedParams['models'];
  for (const model of SCORE_MODELS) {
    const own = rows.filter((r) => SCORE_MODEL[r.view] === model);
    if (own.length >= MIN_TRAIN)
      out[model] = fitModel(own, RIDGE_LAMBDA[model], RIDGE_BOOST[model], TURN_SPREAD[model]);
    else if (fallback) out[model] = fallback[model];
    else throw new Error(`only ${own.length} photos for the ${model} model: too few to fit`);
  }
  return out;
}

/**
 * The models to write: those in `refit` as just fitted, with this fit; the others as committed, each with its own fit
 * (a model written before models carried their own took the file's provenance as its fit).
 */
export function withRefitted(
  committed: FittedParams,
  fitted: FittedParams['models'],
  refit: readonly ScoreModel[],
  fit: ModelFit,
): FittedParams['models'] {
  const { fittedAt, commit, command } = committed.provenance;
  const out = {} as FittedParams['models'];
  for (const model of SCORE_MODELS) {
    const kept = committed.models[model];
    out[model] = refit.includes(model)
      ? { ...fitted[model], fit }
      : { ...kept, fit: kept.fit ?? { fittedAt, commit, command } };
  }
  return out;
}

/**
 * Out-of-fold predicted stages. `fold(i)` names row i's fold; rows in `alwaysTrain` (other folders) are never held out.
 * Views too thin to refit in a fold fall back to `committed`.
 */
export function crossValidate(
  rows: FitRow[],
  fold: (i: number) => number,
  committed: FittedParams['models'],
  alwaysTrain: FitRow[] = [],
): number[] {
  return crossValidateWithCopies(rows, fold, committed, alwaysTrain).stages;
}

/** As crossValidate, and the out-of-fold predicted stage of each row's turned copies and darker copy too. */
export function crossValidateWithCopies(
  rows: FitRow[],
  fold: (i: number) => number,
  committed: FittedParams['models'],
  alwaysTrain: FitRow[] = [],
): { stages: number[]; copies: number[][]; darker: (number | undefined)[] } {
  const stages = new Array<number>(rows.length);
  const copies = rows.map(() => [] as number[]);
  const darker = new Array<number | undefined>(rows.length);
  for (let f = 0; f < FOLDS; f++) {
    const train = [...alwaysTrain, ...rows.filter((_, i) => fold(i) !== f)];
    const params = fitAll(train, committed);
    rows.forEach((r, i) => {
      if (fold(i) !== f) return;
      const model = params[SCORE_MODEL[r.view]];
      stages[i] = predictStage(model, r.features);
      copies[i] = (r.copies ?? []).map((features) => predictStage(model, features));
      darker[i] = r.darker && predictStage(model, r.darker);
    });
  }
  return { stages, copies, darker };
}

/** The random split: a fixed shuffle, then every fifth photo. */
export function randomFolds(n: number): (i: number) => number {
  const order = [...Array(n).keys()].sort((a, b) => hash32(a) - hash32(b));
  const foldOf = new Array<number>(n);
  order.forEach((row, k) => {
    foldOf[row] = k % FOLDS;
  });
  return (i) => foldOf[i]!;
}

/** The grouped split: whole groups of near-duplicates go to one fold, groups dealt out in a fixed shuffled order. */
export function groupedFolds(groups: number[]): (i: number) => number {
  const ids = [...new Set(groups)].sort((a, b) => hash32(a) - hash32(b));
  const foldOfGroup = new Map(ids.map((g, k) => [g, k % FOLDS]));
  return (i) => foldOfGroup.get(groups[i]!)!;
}

function hash32(n: number): number {
  let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function r6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
