/**
 * Scores labelled folders with the engine as the API runs it and prints, per folder: photos, refused, views, Spearman
 * rho(score, label), AUC lowest vs highest label, mean score per label, cross-validated rho for a random and for a
 * grouped 5-fold split (mirror and brightness copies of one photo kept in one fold by perceptual hash: the honest
 * figure), a skin-pixel baseline as a reference column, and the score's stability under photo changes.
 * Usage: npm run eval:hairline -- --dir <folder> [--dir <folder> ...] [--csv out.csv] [--stability N] [--limit N]
 *          [--gallery out.html] [--summary-json out.json]
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import sharp from 'sharp';
import type { PhotoView } from '../shared/schemas.ts';
import { AccuracySummarySchema, type AccuracySummary, type LabelledSetSummary } from '../shared/accuracy.ts';
import { AnalysisRejectedError, analyzeHairline, createLocalFaceDetector, createPersonSegmenter, type HairlineAnalysis } from '../lambdas/analysis/index.ts';
import { DATASETS, datasetId, norwoodTarget, readLabels } from '../lambdas/analysis/eval/labels.ts';
import { auc, mean, spearman } from '../lambdas/analysis/eval/stats.ts';
import { baselineSkinShare } from '../lambdas/analysis/eval/baseline.ts';
import { crossValidate, groupedFolds, randomFolds, type FitRow } from '../lambdas/analysis/eval/fit.ts';
import { groupByHash, orientationHashes } from '../lambdas/analysis/eval/phash.ts';
import { FITTED, scoreFromStage } from '../lambdas/analysis/model.ts';
import { STABILITY_TRANSFORMS } from '../lambdas/analysis/eval/transforms.ts';
import { galleryHtml, type GalleryEntry } from '../lambdas/analysis/eval/gallery.ts';

const argv = process.argv.slice(2);
const opt = (name: string) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
const dirs = argv.flatMap((a, i) => (a === '--dir' && argv[i + 1] ? [argv[i + 1]!] : []));
if (dirs.length === 0) {
  console.error('usage: --dir <folder> [--dir <folder> ...] [--csv out.csv] [--stability N] [--limit N] [--gallery out.html] [--summary-json out.json]');
  process.exit(2);
}
const stabilityN = Number(opt('--stability') ?? 20);
const limit = Number(opt('--limit') ?? Infinity);
const deps = { faceDetector: createLocalFaceDetector(), personSegmenter: createPersonSegmenter() };

type Outcome = { analysis: HairlineAnalysis } | { rejected: string };
async function run(bytes: Uint8Array): Promise<Outcome> {
  try { return { analysis: await analyzeHairline(bytes, deps) }; } catch (e) {
    if (e instanceof AnalysisRejectedError) return { rejected: e.code };
    throw e;
  }
}

interface Row { set: string; dir: string; file: string; stage: number; baseline: number; hash: bigint[]; analysis?: HairlineAnalysis; rejected?: string }
const rows: Row[] = [];
for (const dir of dirs) {
  for (const p of readLabels(dir).slice(0, limit)) {
    const bytes = new Uint8Array(await readFile(p.path));
    const out = await run(bytes);
    rows.push({ set: datasetId(dir), dir, file: p.file, stage: p.stage, baseline: await baselineSkinShare(bytes), hash: await orientationHashes(bytes), ...out });
  }
}

const sets: LabelledSetSummary[] = [];
for (const dir of dirs) {
  const set = datasetId(dir);
  const own = rows.filter((r) => r.set === set);
  const scored = own.filter((r) => r.analysis);
  const score = (r: Row) => r.analysis!.score;
  const stages = [...new Set(own.map((r) => r.stage))].sort((a, b) => a - b);
  const lo = stages[0]!, hi = stages[stages.length - 1]!;
  const ranked = stages.length > 1;
  const views = (v: PhotoView) => scored.filter((r) => r.analysis!.scoreInputs.view === v).length;
  const cv = ranked ? crossValidated(scored) : undefined;
  const rho = ranked ? spearman(scored.map(score), scored.map((r) => r.stage)) : null;
  const aucValue = ranked ? auc(scored.filter((r) => r.stage === lo).map(score), scored.filter((r) => r.stage === hi).map(score)) : null;
  const refused = own.length - scored.length;
  const f3 = (v: number | null | undefined) => (v === null || v === undefined ? 'n/a' : v.toFixed(3));
  console.log(`\nfolder: ${dir}  photos: ${own.length}  scored: ${scored.length}  refused: ${refused} (${(100 * refused / own.length).toFixed(1)}%)  views: front ${views('front')}, top ${views('top')}`);
  console.log(`Spearman rho(score, label): ${f3(rho)}   CV rho random 5-fold: ${f3(cv?.random)}   grouped 5-fold (${cv?.groups ?? '-'} groups): ${f3(cv?.grouped)}   baseline rho(-skin share, label): ${ranked ? spearman(own.map((r) => -r.baseline), own.map((r) => r.stage)).toFixed(3) : 'n/a'}`);
  if (ranked) console.log(`AUC label ${lo} vs ${hi} (score higher for ${lo}): ${f3(aucValue)}`);
  console.log('label   n  mean score  min  max  baseline skin share');
  const meanScoreByStage = stages.map((s) => {
    const sc = scored.filter((r) => r.stage === s).map(score);
    console.log(`${String(s).padStart(5)} ${String(sc.length).padStart(3)} ${mean(sc).toFixed(1).padStart(11)} ${String(Math.min(...sc)).padStart(4)} ${String(Math.max(...sc)).padStart(4)} ${mean(own.filter((r) => r.stage === s).map((r) => r.baseline)).toFixed(3).padStart(20)}`);
    return { stage: s, n: sc.length, meanScore: Math.round(10 * mean(sc)) / 10 };
  });
  const reasons = own.filter((r) => r.rejected).map((r) => `${r.file}:${r.rejected}`);
  if (reasons.length) console.log('refused:', reasons.join(' '));
  const info = DATASETS[set];
  sets.push({
    id: set, description: info?.description ?? set, scale: info?.scale ?? '', photos: own.length,
    refusedShare: round3(refused / own.length), views: { front: views('front'), top: views('top') },
    spearman: rho === null ? null : round3(rho), groupedCvSpearman: cv ? round3(cv.grouped) : null,
    auc: aucValue === null ? null : round3(aucValue), meanScoreByStage,
  });
}

/** Within the folder: refit on four folds, score the fifth, for a random and a near-duplicate-grouped split. */
function crossValidated(scored: Row[]) {
  const fitRows: FitRow[] = scored.map((r) => ({ ...r.analysis!.scoreInputs, target: norwoodTarget(r.dir, r.stage) }));
  const groups = groupByHash(scored.map((r) => r.hash));
  const rho = (stages: number[]) => spearman(stages.map((s) => scoreFromStage(s)), scored.map((r) => r.stage));
  return {
    random: rho(crossValidate(fitRows, randomFolds(fitRows.length), FITTED)),
    grouped: rho(crossValidate(fitRows, groupedFolds(groups), FITTED)),
    groups: new Set(groups).size,
  };
}

// stability: the same photo changed as a phone or a user would change it; median |score change| per change
const scoredAll = rows.filter((r) => r.analysis);
const step = Math.max(1, Math.floor(scoredAll.length / Math.max(1, stabilityN)));
const sample = stabilityN > 0 ? scoredAll.filter((_, i) => i % step === 0).slice(0, stabilityN) : [];
const stability = [] as AccuracySummary['stability'];
if (sample.length) {
  const parts: string[] = [];
  for (const t of STABILITY_TRANSFORMS) {
    const changes: number[] = [];
    for (const r of sample) {
      const out = await run(new Uint8Array(await t.apply(new Uint8Array(await readFile(`${r.dir}/${r.file}`)))));
      if ('analysis' in out) changes.push(Math.abs(out.analysis.score - r.analysis!.score));
    }
    const med = median(changes);
    stability.push({ transform: t.name, medianChange: med, photos: changes.length });
    parts.push(`${t.name} ${med}`);
  }
  console.log(`\nstability over ${sample.length} photos, median |score change|: ${parts.join(', ')}`);
  const again = await run(new Uint8Array(await readFile(`${sample[0]!.dir}/${sample[0]!.file}`)));
  console.log(`same bytes twice, same result: ${'analysis' in again && JSON.stringify(strip(again.analysis)) === JSON.stringify(strip(sample[0]!.analysis!))}`);
}

const csv = opt('--csv');
if (csv) {
  await writeFile(csv, 'set,file,stage,score,view,rejected,forehead,temples,frontal,top,baseline_skin_share\n' + rows.map((r) => {
    const m = r.analysis?.measurements;
    return [r.set, r.file, r.stage, r.analysis?.score ?? '', r.analysis?.scoreInputs.view ?? '', r.rejected ?? '', m?.hairlineHeightRatio ?? '', m?.templeRecession ?? '', m?.frontalCoverage ?? '', m?.topCoverage ?? '', r.baseline.toFixed(4)].join(',');
  }).join('\n') + '\n');
  console.log(`per-photo CSV: ${csv}`);
}

const gallery = opt('--gallery');
if (gallery) {
  const entries: GalleryEntry[] = await Promise.all(rows.map(async (r) => ({
    set: r.set, file: r.file, stage: r.stage, rejected: r.rejected, analysis: r.analysis,
    overlay: r.analysis ? r.analysis.overlayJpeg : new Uint8Array(await sharp(`${r.dir}/${r.file}`).resize(320, 320, { fit: 'inside' }).jpeg({ quality: 70 }).toBuffer()),
  })));
  await writeFile(gallery, galleryHtml(entries));
  console.log(`gallery: ${gallery}`);
}

const summaryPath = opt('--summary-json');
if (summaryPath) {
  const summary: AccuracySummary = AccuracySummarySchema.parse({
    measuredOn: new Date().toISOString().slice(0, 10),
    codeVersion: codeVersion(),
    sets,
    stability,
  });
  await writeFile(summaryPath, JSON.stringify(summary, null, 2) + '\n');
  console.log(`summary: ${summaryPath}`);
}
console.log(`\nload average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);

function codeVersion(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'lambdas/analysis'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${sha}+changes` : sha;
  } catch {
    return 'unknown';
  }
}
function strip(a: HairlineAnalysis) { return { ...a, thumbnailJpeg: a.thumbnailJpeg.length, overlayJpeg: a.overlayJpeg.length }; }
function median(v: number[]): number { const s = [...v].sort((a, b) => a - b); return s.length ? s[s.length >> 1]! : NaN; }
function round3(v: number): number { return Math.round(v * 1000) / 1000; }
