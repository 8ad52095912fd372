/**
 * Fits lambdas/analysis/score/fitted-params.json from the labelled folders: for each view (front, top) a ridge regression of
 * the Norwood-scale stage (each folder's labels mapped by scripts/analysis/lib/labels.ts) on that view's standardised
 * measurements, measured exactly as the engine measures them. Prints, per folder, Spearman of the out-of-fold predicted
 * stage with the label for a random 5-fold split and for a grouped one (mirror and brightness copies of a photo in one
 * fold, by perceptual hash); the grouped figure is the honest one. The views from above train on each photo's quarter
 * turns as well (lib/turned-copies.ts).
 * Usage: npm run fit:hairline -- [--write] [--models front,above] [--features out.jsonl] [--from features.jsonl] [dir ...]
 *   (default dirs: ../shared/datasets/{portraits/men,portraits/women,norwood-front,norwood-groups}). `--models` refits
 *   only the models named and keeps the others as committed, each model with the provenance of its own fit.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PhotoView } from '#shared/schemas.ts';
import { createModelDeps } from '#lambdas/analysis/index.ts';
import { FITTED, type FittedParams, type ModelFit, SCORE_MODELS, type ScoreModel } from '#lambdas/analysis/offline.ts';
import { scoreFromStage } from '#shared/score-map.ts';
import { spearman } from './lib/stats.ts';
import {
  crossValidate,
  crossValidateWithCopies,
  fitAll,
  groupedFolds,
  onePhotoOneVote,
  randomFolds,
  ROW_WEIGHTS,
  withRefitted,
  type FitRow,
} from './lib/stage-model-fit.ts';
import { groupByHash } from './lib/phash.ts';
import { measureFolders, readMeasuredRows, writeMeasuredRows } from './lib/measured-rows.ts';
import { readArgs, usageError } from '#scripts/lib/cli.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { DEV_FOLDERS, requireLabelledFolders } from '#scripts/lib/datasets.ts';
import { runModelsStep } from '#infra/models/models-step.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const USAGE =
  'npm run fit:hairline -- [--write] [--models front,above] [--features out.jsonl] [--from features.jsonl] [dir ...]';
const { values, positionals: dirs } = readArgs(USAGE, {
  write: { type: 'boolean', default: false },
  models: { type: 'string' },
  features: { type: 'string' },
  from: { type: 'string' },
});
const { write, features: featuresOut, from: featuresIn } = values;
const refit: readonly ScoreModel[] = values.models
  ? values.models
      .split(',')
      .map((m) =>
        (SCORE_MODELS as readonly string[]).includes(m)
          ? (m as ScoreModel)
          : usageError(USAGE, `unknown model "${m}" (${SCORE_MODELS.join(', ')})`),
      )
  : SCORE_MODELS;
if (dirs.length === 0) dirs.push(...DEV_FOLDERS.map((d) => path.join(datasetsRoot(), d)));
if (!featuresIn) requireLabelledFolders('fit:hairline', dirs);
if (!featuresIn) await runModelsStep();

interface Row extends FitRow {
  set: string;
  file: string;
  stage: number;
  hash: bigint[];
}
const rows: Row[] = featuresIn ? readMeasuredRows<Row>(featuresIn) : await measureAll();

async function measureAll(): Promise<Row[]> {
  const deps = createModelDeps();
  const out: Row[] = [];
  let refused = 0;
  await measureFolders(dirs, deps, (row) => {
    if (row) out.push(row);
    else refused++;
  });
  if (refused) console.log(`${refused} photos left out: the engine refuses them`);
  return out;
}

if (featuresOut) {
  writeMeasuredRows(featuresOut, rows);
  console.log(`measurements written to ${featuresOut}`);
}

const groups = groupByHash(rows.map((r) => r.hash));
const voting = onePhotoOneVote(rows, groups);
const random = crossValidate(voting, randomFolds(rows.length), FITTED.models);
const { stages: grouped, copies, darker } = crossValidateWithCopies(voting, groupedFolds(groups), FITTED.models);
console.log(
  'folder             photos  front bowed  top  groups  CV rho random  CV rho grouped  turned copies  darker: score change, all / highest level',
);
const outOfFold: Record<string, number> = {};
for (const set of [...new Set(rows.map((r) => r.set))]) {
  const idx = rows.map((r, i) => (r.set === set ? i : -1)).filter((i) => i >= 0);
  const labels = idx.map((i) => rows[i]!.stage);
  const rho = (pred: number[]) =>
    new Set(labels).size > 1
      ? spearman(
          idx.map((i) => pred[i]!),
          labels,
        )
      : NaN;
  if (Number.isFinite(rho(grouped))) outOfFold[set] = Math.round(1000 * rho(grouped)) / 1000;
  const views = (v: PhotoView) => idx.filter((i) => rows[i]!.view === v).length;
  // each held-out photo's quarter turns against its label: how much a view from above depends on which way is up
  const turned = idx.flatMap((i) => copies[i]!.map((stage) => ({ stage, label: rows[i]!.stage })));
  const turnedRho =
    turned.length && new Set(turned.map((t) => t.label)).size > 1
      ? spearman(
          turned.map((t) => t.stage),
          turned.map((t) => t.label),
        )
      : NaN;
  const f3 = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : '  n/a');
  // each held-out photo with darker skin and light: how many points that alone moves its score
  const highest = Math.max(...labels);
  const change = (among: number[]) => {
    const moved = among.flatMap((i) =>
      darker[i] === undefined ? [] : [scoreFromStage(darker[i]!) - scoreFromStage(grouped[i]!)],
    );
    return moved.length ? (moved.reduce((a, b) => a + b, 0) / moved.length).toFixed(1) : 'n/a';
  };
  console.log(
    `${set.padEnd(18)} ${String(idx.length).padStart(6)} ${String(views('front')).padStart(6)} ${String(views('bowed')).padStart(5)} ${String(views('top')).padStart(4)} ${String(new Set(idx.map((i) => groups[i])).size).padStart(7)} ${f3(rho(random)).padStart(14)} ${f3(rho(grouped)).padStart(15)} ${f3(turnedRho).padStart(14)}  ${change(idx)} / ${change(idx.filter((i) => rows[i]!.stage === highest))}`,
  );
}

const fit: ModelFit = {
  fittedAt: new Date().toISOString().slice(0, 10),
  commit: gitCommit(),
  command: `npm run fit:hairline -- ${process.argv.slice(2).join(' ')}`.trim(),
};
const params: FittedParams = {
  provenance: {
    ...fit,
    datasets: [...new Set(rows.map((r) => r.set))],
    outOfFold,
    rowWeights: ROW_WEIGHTS,
  },
  models: withRefitted(FITTED, fitAll(voting), refit, fit),
};
for (const model of SCORE_MODELS) {
  const m = params.models[model];
  console.log(
    `${model}: n ${m.n}${m.turnedCopies ? ` (+${m.turnedCopies} turned copies)` : ''}${m.darkerCopies ? ` (+${m.darkerCopies} darker copies)` : ''}, lambda ${m.lambda}, ${m.features.length} features: ${m.features.slice(0, 12).join(', ')}${m.features.length > 12 ? ', …' : ''}`,
  );
}
if (write) {
  writeFileSync(
    path.resolve(here, '../../lambdas/analysis/score/fitted-params.json'),
    JSON.stringify(params, null, 2) + '\n',
  );
  console.log('wrote lambdas/analysis/score/fitted-params.json');
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
