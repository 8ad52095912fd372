/**
 * Measures every photo of the labelled folders once, as the engine measures it, and keeps what the calibration of the
 * score map (`npm run fit:score-map`) and the dev readings of the words checker need: the score's inputs (with the
 * turned and darker copies of views from above, which only train), the shown measurements, the health inputs and the
 * perceptual hash that keeps copies of one photo in one fold. One JSON object per line.
 * Usage: npm run measure:dev -- --out .scratch/dev-measured.jsonl [--copies-every N] [dir ...]
 *   (default dirs: the four dev folders under DATASETS_DIR). The turned and darker copies cost four more analyses
 *   each: --copies-every N makes them for every Nth view from above only (1: all, as fit:hairline does; default 1).
 * Each photo's row is appended as soon as it is measured.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createModelDeps } from '#lambdas/analysis/index.ts';
import { measureFolders, measuredRowLine } from './lib/measured-rows.ts';
import { numberArg, readArgs, usageError } from '#scripts/lib/cli.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { DEV_FOLDERS, requireLabelledFolders } from '#scripts/lib/datasets.ts';
import { runModelsStep } from '#infra/models/models-step.ts';

const USAGE = 'npm run measure:dev -- --out <file.jsonl> [--copies-every N] [dir ...]';
const { values, positionals: dirs } = readArgs(USAGE, {
  out: { type: 'string' },
  'copies-every': { type: 'string' },
});
const out = values.out ?? usageError(USAGE, '--out is required');
const copiesEvery = numberArg(USAGE, 'copies-every', values['copies-every'], 1);
if (dirs.length === 0) dirs.push(...DEV_FOLDERS.map((d) => path.join(datasetsRoot(), d)));
requireLabelledFolders('measure:dev', dirs);
await runModelsStep();

const deps = createModelDeps();
writeFileSync(out, '');
let measured = 0;
let above = 0;
let refused = 0;
await measureFolders(
  dirs,
  deps,
  (row) => {
    if (row) {
      appendFileSync(out, measuredRowLine(row));
      measured++;
    } else refused++;
    if ((measured + refused) % 25 === 0) console.log(`${measured} measured, ${refused} refused`);
  },
  () => above++ % copiesEvery === 0,
);
console.log(`${measured} photos measured (${refused} refused): ${out}`);
