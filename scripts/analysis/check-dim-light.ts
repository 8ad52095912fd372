/**
 * Skin is not hair in dim light: scores every dev photo as taken and the bald and shaved heads (the highest label of
 * each dev folder) in the dim-light copies of scripts/analysis/lib/dim-light-copies.ts (less light, a warm cast, sensor noise, a
 * shiny scalp, darker skin), and prints, per skin-tone group, how many copies score above 45 or reach "W Rizz".
 * `--out f.jsonl` keeps one row per photo and copy; `--compare f.jsonl` prints how far each photo's score moved since
 * that run (the full hairlines, labels 1-2, on their own line). Scores in sample (the committed fit), not held out.
 * Usage: npm run check:dim-light -- [--out rows.jsonl] [--compare before.jsonl] [--sets portraits/men,norwood-front]
 *          [--bald-only]
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AnalysisRejectedError, analyzeHairline, createModelDeps } from '#lambdas/analysis/index.ts';
import { mean } from '#shared/statistics.ts';
import { DIM_LIGHTS, highlightSpot, inDimLight } from './lib/dim-light-copies.ts';
import { readLabels } from './lib/labels.ts';
import { readSkinTones, SKIN_TONES } from './lib/skin-tones.ts';
import { readArgs } from '#scripts/lib/cli.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { DEV_FOLDERS, requireLabelledFolders } from '#scripts/lib/datasets.ts';
import { runModelsStep } from '#infra/models/models-step.ts';
import { BALD_MAX, GOOD_BANDS } from './lib/score-bars.ts';

const USAGE =
  'npm run check:dim-light -- [--out rows.jsonl] [--compare before.jsonl] [--sets a,b] [--bald-only] [--as-taken-only]';
const { values } = readArgs(USAGE, {
  out: { type: 'string' },
  compare: { type: 'string' },
  sets: { type: 'string' },
  'bald-only': { type: 'boolean' },
  'as-taken-only': { type: 'boolean' },
});
await runModelsStep();

interface Row {
  set: string;
  file: string;
  label: number;
  bald: boolean;
  tone: string;
  copy: string;
  score?: number;
  rating?: string;
  view?: string;
  stage?: number;
  refused?: string;
  frontalCoverage?: number | null;
  topCoverage?: number | null;
}

const sets = values.sets ? values.sets.split(',') : [...DEV_FOLDERS];
const dirs = sets.map((s) => path.join(datasetsRoot(), s));
requireLabelledFolders('check:dim-light', dirs);
const tones = readSkinTones();
const deps = createModelDeps();
const rows: Row[] = [];

async function scored(base: Omit<Row, 'copy'>, copy: string, bytes: Uint8Array) {
  try {
    const r = await analyzeHairline({ face: bytes }, deps);
    const row: Row = {
      ...base,
      copy,
      score: r.score,
      rating: r.rating,
      view: r.measurements.view,
      stage: r.ageComparison?.stageEstimate,
      frontalCoverage: r.measurements.frontalCoverage,
      topCoverage: r.measurements.topCoverage,
    };
    rows.push(row);
    return { row, capture: r.captureConditions };
  } catch (e) {
    if (!(e instanceof AnalysisRejectedError)) throw e;
    rows.push({ ...base, copy, refused: e.code });
    return undefined;
  }
}

for (const [k, dir] of dirs.entries()) {
  const set = sets[k]!;
  const labelled = readLabels(dir);
  const highest = Math.max(...labelled.map((p) => p.stage));
  for (const p of labelled) {
    const bald = highest > 1 && p.stage === highest;
    if (values['bald-only'] && !bald) continue;
    const base = { set, file: p.file, label: p.stage, bald, tone: tones.get(`${set}/${p.file}`) ?? '?' };
    const bytes = new Uint8Array(await readFile(p.path));
    const asTaken = await scored(base, 'as taken', bytes);
    if (!bald || values['as-taken-only']) continue;
    const spot = asTaken && highlightSpot(asTaken.capture);
    for (const light of DIM_LIGHTS)
      await scored(base, light.name, new Uint8Array(await inDimLight(bytes, light, spot)));
  }
  console.error(`${set}: ${rows.filter((r) => r.set === set).length} rows`);
}

if (values.out) await writeFile(values.out, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');

const dim = rows.filter((r) => r.bald && r.copy !== 'as taken');
console.log(`\nBald and shaved heads (the highest label of each folder) in dim light: ${dim.length} copies`);
for (const tone of [...SKIN_TONES, '?']) {
  const of = dim.filter((r) => r.tone === tone);
  if (!of.length) continue;
  const measured = of.filter((r) => r.score !== undefined);
  const high = measured.filter((r) => r.score! > BALD_MAX);
  const good = measured.filter((r) => GOOD_BANDS.has(r.rating!));
  console.log(
    `  ${tone}: ${of.length} copies of ${new Set(of.map((r) => r.set + r.file)).size} photos, ${of.length - measured.length} refused, ` +
      `${high.length} above ${BALD_MAX}, ${good.length} "W Rizz" or above; mean ${mean(measured.map((r) => r.score!)).toFixed(1)}`,
  );
  for (const r of high) console.log(`    ${r.set}/${r.file} (${r.view}) ${r.copy}: ${r.score} ${r.rating}`);
}
for (const light of DIM_LIGHTS) {
  const of = dim.filter((r) => r.copy === light.name && r.score !== undefined);
  console.log(`  ${light.name}: ${of.filter((r) => r.score! > BALD_MAX).length} of ${of.length} above ${BALD_MAX}`);
}

if (values.compare) {
  const before = new Map(
    (await readFile(values.compare, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Row)
      .map((r) => [`${r.set}/${r.file}/${r.copy}`, r]),
  );
  console.log(`\nScore shifts since ${values.compare} (in sample):`);
  const shifts = (of: Row[]) =>
    of.flatMap((r) => {
      const b = before.get(`${r.set}/${r.file}/${r.copy}`);
      return b?.score !== undefined && r.score !== undefined ? [{ r, d: r.score - b.score }] : [];
    });
  const line = (name: string, of: Row[]) => {
    const s = shifts(of);
    const moved = s.filter((x) => x.d !== 0);
    console.log(
      `  ${name}: ${s.length} compared, ${moved.length} moved, mean ${mean(s.map((x) => x.d)).toFixed(2)}, ` +
        `largest ${Math.max(0, ...s.map((x) => Math.abs(x.d)))}`,
    );
    for (const { r, d } of moved.slice(0, 20)) console.log(`    ${r.set}/${r.file} ${r.copy}: ${d > 0 ? '+' : ''}${d}`);
  };
  const taken = rows.filter((r) => r.copy === 'as taken');
  line(
    'full hairlines as taken (labels 0-2 of the portraits, 1-2 of the groups, 2 of the bowed selfies)',
    taken.filter((r) => r.label <= 2),
  );
  for (const set of sets)
    line(
      `${set} as taken`,
      taken.filter((r) => r.set === set),
    );
  line('bald and shaved heads in dim light', dim);
}
