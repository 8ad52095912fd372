/**
 * Writes the readings of every dev photo (test/fixtures/dev-readings.json) that the words checker's test says and
 * checks (test/unit/lambdas/analysis/score/consistency.test.ts): each photo's measurements and health inputs as the engine measured
 * them, its Norwood estimate by the committed models, and its out-of-fold estimate (grouped 5-fold CV), and for the
 * views from above measured turned by quarter turns (measure:dev --copies-every) the turned copies' estimates, by the
 * committed models and out of fold. Numbers only:
 * no photo, crop or pixel of one. From the measurements `npm run measure:dev` keeps.
 * Usage: npm run readings:dev -- --from .scratch/dev-measured.jsonl [--out test/fixtures/dev-readings.json]
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { FITTED, predictStage, SCORE_MODEL } from '#lambdas/analysis/offline.ts';
import { crossValidateWithCopies, groupedFolds, onePhotoOneVote } from './lib/stage-model-fit.ts';
import { readMeasuredRows, type MeasuredPhoto } from './lib/measured-rows.ts';
import { groupByHash } from './lib/phash.ts';
import { readArgs, usageError } from '#scripts/lib/cli.ts';

const USAGE = 'npm run readings:dev -- --from <measured.jsonl> [--out <file.json>]';
const { values } = readArgs(USAGE, { from: { type: 'string' }, out: { type: 'string' } });
const from = values.from ?? usageError(USAGE, '--from is required (npm run measure:dev writes it)');
const out = values.out ?? path.resolve(import.meta.dirname, '../../test/fixtures/dev-readings.json');
const rows = readMeasuredRows<MeasuredPhoto>(from);
const groups = groupByHash(rows.map((r) => r.hash));
const outOfFold = crossValidateWithCopies(onePhotoOneVote(rows, groups), groupedFolds(groups), FITTED.models);
const r3 = (v: number) => Math.round(v * 1000) / 1000;
const readings = rows.map((r, i) => ({
  set: r.set,
  file: r.file,
  label: r.stage,
  stage: r3(predictStage(FITTED.models[SCORE_MODEL[r.view]], r.features)),
  outOfFoldStage: r3(outOfFold.stages[i]!),
  // a view from above turned by quarter turns, where measured: the same photo, its estimate as the engine makes it
  ...(r.copies?.length
    ? {
        turnedStages: r.copies.map((c) => r3(predictStage(FITTED.models[SCORE_MODEL[r.view]], c))),
        // and as a photo never fitted on reads turned: its fold's model
        outOfFoldTurnedStages: outOfFold.copies[i]!.map(r3),
      }
    : {}),
  measurements: r.measurements,
  shine: r3(r.shine),
  evenness: r3(r.evenness),
}));
writeFileSync(out, JSON.stringify({ measuredWith: FITTED.provenance.commit, readings }) + '\n');
console.log(`${readings.length} readings: ${path.relative(process.cwd(), out)}`);
