/**
 * Fits lambdas/analysis/fitted-params.json from the labelled folders: ridge regression of the within-folder standardised
 * stage on the six standardised photo features (measured exactly as the engine does, face detection included), then a linear map onto the score so that the lowest stage averages
 * 95 and the highest 5 before the tanh squash of model.ts (about 85 and 15 after it). Prints 5-fold cross-validated Spearman per folder.
 * Usage: npx tsx scripts/fit-params.ts [--write] [--features out.csv] [dir ...]   (default dirs: ../shared/datasets/norwood-groups, norwood-front)
 */
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizePhoto, rawRgb } from '../lambdas/analysis/normalize.ts';
import { DETECT_SIDE, scoringFeatures } from '../lambdas/analysis/engine.ts';
import { mainFace } from '../lambdas/analysis/faces.ts';
import { createLocalFaceDetector } from '../lambdas/analysis/local-detector.ts';
import { FEATURE_NAMES, type FittedParams } from '../lambdas/analysis/model.ts';
import { readLabels } from '../lambdas/analysis/eval/labels.ts';
import { mean, spearman } from '../lambdas/analysis/eval/stats.ts';
import { ridge } from '../lambdas/analysis/eval/ridge.ts';

const LAMBDA = 30;
const FOLDS = 5;
const TARGET_TOP = 95;
const TARGET_BOTTOM = 5;

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const write = args.includes('--write');
const fi = args.indexOf('--features');
const featuresCsv = fi >= 0 ? args[fi + 1] : undefined;
const dirs = args.filter((a, i) => !a.startsWith('--') && !(fi >= 0 && i === fi + 1));
if (dirs.length === 0) dirs.push(...['norwood-groups', 'norwood-front'].map((d) => path.resolve(here, '../../shared/datasets', d)));

interface Row { dir: number; file: string; stage: number; target: number; x: number[] }
const rows: Row[] = [];
const detector = createLocalFaceDetector();
let skipped = 0;
for (const [d, dir] of dirs.entries()) {
  const photos = readLabels(dir);
  const stages = photos.map((p) => p.stage);
  const m = mean(stages);
  const sd = Math.sqrt(mean(stages.map((s) => (s - m) ** 2)));
  for (const p of photos) {
    const norm = await normalizePhoto(new Uint8Array(await readFile(p.path)));
    const detectInput = await rawRgb(norm.jpeg, DETECT_SIDE);
    let face;
    try { face = mainFace(await detector.detect({ ...detectInput, jpeg: norm.jpeg })); } catch { skipped++; continue; } // the engine refuses it
    const features = await scoringFeatures(norm, face, detectInput);
    rows.push({ dir: d, file: p.file, stage: p.stage, target: (p.stage - m) / sd, x: FEATURE_NAMES.map((n) => features[n]) });
  }
}

if (skipped) console.log(`${skipped} photos left out: the engine refuses them (several faces or a minor)`);
const k = FEATURE_NAMES.length;
const mu = [...Array(k).keys()].map((j) => mean(rows.map((r) => r.x[j]!)));
const sdv = [...Array(k).keys()].map((j) => Math.sqrt(mean(rows.map((r) => (r.x[j]! - mu[j]!) ** 2))));
const std = (x: number[]) => x.map((v, j) => (v - mu[j]!) / sdv[j]!);

const cvPred = new Array<number>(rows.length);
for (let f = 0; f < FOLDS; f++) {
  const train = rows.filter((_, i) => i % FOLDS !== f);
  const fit = ridge(train.map((r) => std(r.x)), train.map((r) => r.target), LAMBDA);
  rows.forEach((r, i) => { if (i % FOLDS === f) cvPred[i] = fit.intercept + fit.weights.reduce((s, w, j) => s + w * std(r.x)[j]!, 0); });
}
for (const [d, dir] of dirs.entries()) {
  const idx = rows.map((r, i) => (r.dir === d ? i : -1)).filter((i) => i >= 0);
  console.log(`${path.basename(dir)}: ${idx.length} photos, 5-fold CV Spearman(predicted loss, stage) = ${spearman(idx.map((i) => cvPred[i]!), idx.map((i) => rows[i]!.stage)).toFixed(3)}`);
}

const fit = ridge(rows.map((r) => std(r.x)), rows.map((r) => r.target), LAMBDA);
const loss = rows.map((r) => fit.intercept + fit.weights.reduce((s, w, j) => s + w * std(r.x)[j]!, 0));
const extremes = (pick: (stages: number[]) => number) => mean(dirs.flatMap((_, d) => {
  const own = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.dir === d);
  const s = pick(own.map(({ r }) => r.stage));
  return own.filter(({ r }) => r.stage === s).map(({ i }) => loss[i]!);
}));
const lowLoss = extremes((s) => Math.min(...s));
const highLoss = extremes((s) => Math.max(...s));
const scoreScale = (TARGET_TOP - TARGET_BOTTOM) / (highLoss - lowLoss);
const params: FittedParams = {
  mean: mu.map(r6), sd: sdv.map(r6), weights: fit.weights.map(r6), intercept: r6(fit.intercept),
  scoreOffset: r6(TARGET_TOP + scoreScale * lowLoss), scoreScale: r6(scoreScale),
};
console.log(JSON.stringify({ features: FEATURE_NAMES, ...params }));
if (featuresCsv) {
  writeFileSync(featuresCsv, ['dir,file,stage,' + FEATURE_NAMES.join(','), ...rows.map((r) => `${path.basename(dirs[r.dir]!)},${r.file},${r.stage},${r.x.join(',')}`)].join('\n') + '\n');
  console.log(`features written to ${featuresCsv}`);
}
if (write) {
  writeFileSync(path.resolve(here, '../lambdas/analysis/fitted-params.json'), JSON.stringify(params, null, 2) + '\n');
  console.log('wrote lambdas/analysis/fitted-params.json');
}

function r6(v: number): number { return Math.round(v * 1e6) / 1e6; }
