/**
 * Every hair colour: scores the dev front portraits as taken and with their hair gone silver, white and bright white
 * (scripts/analysis/lib/grey-hair-copies.ts), and prints, for the full hairlines (men's levels 1-2, the women) and the
 * bald and shaved heads (men's level 4), how many copies are refused, "Cooked", below "W Rizz", or (bald) above 45.
 * The hair model loses white hair (face-view/grey-hair.ts); this is what the engine reads of it. In sample (the
 * committed fit). `--out f.jsonl` keeps one row per photo and copy.
 * Usage: npm run check:grey-hair -- [--out rows.jsonl] [--sets portraits/men,portraits/women]
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AnalysisRejectedError,
  analyzeHairline,
  createHairSegmenter,
  createModelDeps,
} from '#lambdas/analysis/index.ts';
import { mean } from '#shared/statistics.ts';
import { GREY_SHADES, withGreyHair } from './lib/grey-hair-copies.ts';
import { readLabels } from './lib/labels.ts';
import { readSkinTones } from './lib/skin-tones.ts';
import { readArgs } from '#scripts/lib/cli.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { requireLabelledFolders } from '#scripts/lib/datasets.ts';
import { runModelsStep } from '#infra/models/models-step.ts';
import { BALD_MAX, GOOD_BANDS } from './lib/score-bars.ts';

const USAGE = 'npm run check:grey-hair -- [--out rows.jsonl] [--sets portraits/men,portraits/women]';
const { values } = readArgs(USAGE, { out: { type: 'string' }, sets: { type: 'string' } });
await runModelsStep();

interface Row {
  set: string;
  file: string;
  label: number;
  group: 'full' | 'bald';
  tone: string;
  copy: string;
  score?: number;
  rating?: string;
  refused?: string;
}

const sets = values.sets ? values.sets.split(',') : ['portraits/men', 'portraits/women'];
const dirs = sets.map((s) => path.join(datasetsRoot(), s));
requireLabelledFolders('check:grey-hair', dirs);
const tones = readSkinTones();
const deps = createModelDeps();
const segmenter = createHairSegmenter();
const rows: Row[] = [];

async function scored(base: Omit<Row, 'copy'>, copy: string, bytes: Uint8Array) {
  try {
    const r = await analyzeHairline({ face: bytes }, deps);
    rows.push({ ...base, copy, score: r.score, rating: r.rating });
  } catch (e) {
    if (!(e instanceof AnalysisRejectedError)) throw e;
    rows.push({ ...base, copy, refused: e.code });
  }
}

for (const [k, dir] of dirs.entries()) {
  const set = sets[k]!;
  const labelled = readLabels(dir);
  const highest = Math.max(...labelled.map((p) => p.stage));
  for (const p of labelled) {
    // a folder of one level (the women) is all full hairlines; else levels 1-2 are, and the highest is bald or shaved
    const group = highest <= 1 || p.stage <= 2 ? 'full' : p.stage === highest ? 'bald' : undefined;
    if (!group) continue;
    const base = { set, file: p.file, label: p.stage, group, tone: tones.get(`${set}/${p.file}`) ?? '?' } as const;
    const bytes = new Uint8Array(await readFile(p.path));
    await scored(base, 'as taken', bytes);
    for (const shade of GREY_SHADES)
      await scored(base, shade.name, new Uint8Array(await withGreyHair(bytes, shade, segmenter)));
  }
  console.error(`${set}: ${rows.filter((r) => r.set === set).length} rows`);
}

if (values.out) await writeFile(values.out, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');

for (const group of ['full', 'bald'] as const) {
  console.log(`\n${group === 'full' ? 'Full hairlines' : 'Bald and shaved heads'}:`);
  for (const copy of ['as taken', ...GREY_SHADES.map((s) => s.name)]) {
    const of = rows.filter((r) => r.group === group && r.copy === copy);
    if (!of.length) continue;
    const measured = of.filter((r) => r.score !== undefined);
    const tally =
      group === 'full'
        ? `${measured.filter((r) => r.rating === 'Cooked').length} "Cooked", ` +
          `${measured.filter((r) => !GOOD_BANDS.has(r.rating!)).length} below "W Rizz"`
        : `${measured.filter((r) => r.score! > BALD_MAX).length} above ${BALD_MAX}`;
    console.log(
      `  ${copy}: ${of.length} photos, ${of.length - measured.length} refused, ${tally}; ` +
        `mean ${mean(measured.map((r) => r.score!)).toFixed(1)}`,
    );
    const misread = of.filter((r) =>
      group === 'full' ? r.score === undefined || !GOOD_BANDS.has(r.rating!) : r.score! > BALD_MAX,
    );
    for (const r of misread)
      console.log(
        `    ${r.set}/${r.file} (${r.tone}): ${r.refused ? `refused ${r.refused}` : `${r.score} ${r.rating}`}`,
      );
  }
}
