/**
 * Fits the thresholds of the hairline verdicts ("Mature hairline …", "Early recession at the temples", "Receding
 * hairline", "Advanced hair loss": shared/hairline-words.ts) on the labelled portraits, measured exactly as the engine
 * measures them, and prints how often they agree with the labels, held out: grouped 5-fold cross-validation (copies of
 * one photo, by perceptual hash, always in one fold), each photo's Norwood estimate from the stage model refitted
 * without its fold and its verdict from thresholds fitted without its fold. The committed thresholds are fitted on
 * every photo's held-out estimate, the kind of estimate a new photo gets. Re-run it after any change to the engine.
 * Usage: npm run fit:words -- [--write] [--features out.csv] [--from features.csv] [dir]
 *   (default dir: ../shared/datasets/portraits/men, labels 1 full hairline … 4 bald on top)
 */
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HAIRLINE_VERDICTS, type VerdictFit } from '#shared/hairline-words.ts';
import { AnalysisRejectedError, decodePhoto, FITTED, measurePhoto } from '#lambdas/analysis/offline.ts';
import { createModelDeps } from '#lambdas/analysis/index.ts';
import { hairlineAgeFigures } from '#shared/hairline-age.ts';
import { datasetId, datasetInfo, norwoodTarget, readLabels } from './lib/labels.ts';
import { crossValidate, groupedFolds, onePhotoOneVote, type FitRow } from './lib/stage-model-fit.ts';
import { groupByHash, orientationHashes } from './lib/phash.ts';
import { readMeasuredRows, writeMeasuredRows } from './lib/measured-rows.ts';
import { agreementOf, crossValidateWords, fitBoundaries, type WordsRow } from './lib/verdict-thresholds.ts';
import { readArgs, usageError } from '#scripts/lib/cli.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { requireLabelledFolders } from '#scripts/lib/datasets.ts';
import { runModelsStep } from '#infra/models/models-step.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const USAGE = 'npm run fit:words -- [--write] [--features out.jsonl] [--from features.jsonl] [dir]';
const { values, positionals } = readArgs(USAGE, {
  write: { type: 'boolean', default: false },
  features: { type: 'string' },
  from: { type: 'string' },
});
if (positionals.length > 1) usageError(USAGE, 'one labelled folder at most');
const dir = positionals[0] ?? path.join(datasetsRoot(), 'portraits', 'men');
if (!values.from) requireLabelledFolders('fit:words', [dir]);
if (!values.from) await runModelsStep();

interface Measured extends FitRow {
  file: string;
  label: number;
  hash: bigint[];
  templeRecession: number | null;
  templeBareShare: number | null;
  hairlineHeightRatio: number | null;
}

const rows: Measured[] = values.from ? readMeasuredRows<Measured>(values.from) : await measureAll();

async function measureAll(): Promise<Measured[]> {
  const deps = createModelDeps();
  const labelled = readLabels(dir);
  const info = datasetInfo(
    dir,
    labelled.map((p) => p.stage),
  );
  const out: Measured[] = [];
  let refused = 0;
  for (const p of labelled) {
    const bytes = new Uint8Array(await readFile(p.path));
    try {
      const m = await measurePhoto(await decodePhoto(bytes), deps);
      out.push({
        file: p.file,
        label: p.stage,
        target: norwoodTarget(info, p.stage, dir),
        view: m.view,
        features: m.features,
        hash: await orientationHashes(bytes),
        templeRecession: m.measurements.templeRecession,
        templeBareShare: m.measurements.templeBareShare ?? null,
        hairlineHeightRatio: m.measurements.hairlineHeightRatio,
      });
    } catch (e) {
      if (!(e instanceof AnalysisRejectedError)) throw e;
      refused++;
    }
  }
  console.log(`${datasetId(dir)}: ${labelled.length} photos, ${refused} refused by the engine and left out`);
  return out;
}

if (values.features) {
  writeMeasuredRows(values.features, rows);
  console.log(`measurements written to ${values.features}`);
}

const groups = groupByHash(rows.map((r) => r.hash));
const folds = groupedFolds(groups);
// the engine's estimate clamped to 1..7, as the rating stores it, from a stage model that never saw the photo's fold
const heldOutStage = crossValidate(onePhotoOneVote(rows, groups), folds, FITTED.models);
const wordsRows: WordsRow[] = rows.map((r, i) => ({
  label: r.label,
  templeRecession: r.templeRecession,
  templeBareShare: r.templeBareShare,
  hairlineHeightRatio: r.hairlineHeightRatio,
  stageEstimate: hairlineAgeFigures(heldOutStage[i]!).stageEstimate,
}));

const heldOut = agreementOf(wordsRows, crossValidateWords(wordsRows, folds));
const boundaries = fitBoundaries(wordsRows);
const result: VerdictFit = {
  fittedOn: datasetId(dir),
  heldOutBy: 'grouped 5-fold cross-validation (near-duplicate copies of a photo in one fold)',
  boundaries,
  heldOut,
};

const pct = (v: number) => `${(100 * v).toFixed(1)} %`;
console.log(`photos scored: ${heldOut.n} (${new Set(groups).size} distinct)`);
for (const b of boundaries) {
  console.log(
    `step above "${HAIRLINE_VERDICTS[b.below]}": ${b.measure} >= ${b.threshold} (Norwood estimate alone: >= ${b.stageThreshold})`,
  );
}
console.log(
  `HELD OUT: agreement ${pct(heldOut.agreement)}, within one verdict ${pct(heldOut.withinOne)}, most common label alone ${pct(heldOut.baseline)}`,
);
for (const l of heldOut.byLabel) console.log(`  label ${l.label}: ${l.n} photos, ${pct(l.agreement)} agree`);
if (values.write) {
  writeFileSync(path.resolve(here, '../../shared/hairline-words-fit.json'), JSON.stringify(result, null, 2) + '\n');
  console.log('wrote shared/hairline-words-fit.json');
}
