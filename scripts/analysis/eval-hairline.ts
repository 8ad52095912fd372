/**
 * Scores labelled folders with the engine as the API runs it and prints, per folder: photos and distinct photos,
 * refused, views, faces found, then the HELD-OUT figures the public /accuracy page shows: Spearman rho(score, label)
 * with a 95 % bootstrap interval, AUC lowest vs highest label and between adjacent labels, mean score per label. For the
 * dev folders the fit is made on, "held out" means grouped 5-fold cross-validation pooled over every folder given
 * (copies of one photo, mirrored, turned or brightened, found by perceptual hash, always in one fold); a folder the
 * committed model was never fitted on is held out as it is. In-sample figures are printed for debugging only.
 * Usage: npm run eval:hairline -- [--dir <folder> [--scale 1:1,2:2,3:4] ...] [--csv out.csv] [--stability N]
 *          [--limit N] [--max-side N] [--gallery out.html] [--summary-json out.json]
 * --max-side N shrinks every photo to at most N px on its long side first (JPEG 90): the dev photos as small as another
 * source serves them (official galleries' 260 px portraits); the fit's grouped CV then runs on those measurements.
 * Without --dir: the four dev folders under DATASETS_DIR (default ../shared/datasets), and the held-out folders
 * `npm run datasets:held-out` builds (scripts/held-out-sets.ts), when built.
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PHOTO_VIEWS, type PhotoView } from '#shared/schemas.ts';
import {
  AccuracySummarySchema,
  type AccuracySummary,
  type GroupFigures,
  type LabelledSetSummary,
} from '#shared/accuracy.ts';
import {
  AnalysisRejectedError,
  analyzeHairline,
  createModelDeps,
  type HairlineAnalysis,
} from '#lambdas/analysis/index.ts';
import {
  DATASETS,
  datasetId,
  datasetInfo,
  labelStages,
  norwoodTarget,
  readLabels,
  type DatasetInfo,
} from './lib/labels.ts';
import { mean, median, round3 } from '#shared/statistics.ts';
import {
  adjacentAucs,
  auc,
  balancedSpearman,
  bootstrapSpearman,
  concordance,
  spearman,
  spearmanCeiling,
} from './lib/stats.ts';
import { crossValidateWithCopies, groupedFolds, onePhotoOneVote, type FitRow } from './lib/stage-model-fit.ts';
import { trainingCopies } from './lib/training-copies.ts';
import { groupByHash, orientationHashes } from './lib/phash.ts';
import {
  type Contradiction,
  contradictions,
  FITTED,
  type NamedFeatures,
  predictStage,
  SCORE_MODEL,
} from '#lambdas/analysis/offline.ts';
import { scoreFromStage } from '#shared/score-map.ts';
import { STABILITY_TRANSFORMS, shrunk } from './lib/transforms.ts';
import { galleryHtml, type GalleryEntry } from './lib/gallery.ts';
import { hairModelOverlay } from './lib/mask-overlay.ts';
import { numberArg, readArgs, usageError } from '#scripts/lib/cli.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { builtHeldOutFolders, DEV_FOLDERS, requireLabelledFolders } from '#scripts/lib/datasets.ts';
import { runModelsStep } from '#infra/models/models-step.ts';
import { SKIN_TONES, readSkinTones } from './lib/skin-tones.ts';
import { stageAgreement } from './lib/stage-agreement.ts';
import { heldOutResult, metricWordsOf, wordAgreement, type MetricWords } from './lib/word-agreement.ts';
import { METRIC_KEYS } from '#shared/scoring.ts';

const USAGE =
  'npm run eval:hairline -- [--dir <folder> [--scale 1:1,2:2,3:4] ...] [--csv out.csv] [--stability N] [--limit N] ' +
  '[--max-side N] [--gallery out.html] [--summary-json out.json]';
const { values, tokens } = readArgs(USAGE, {
  dir: { type: 'string', multiple: true },
  scale: { type: 'string', multiple: true },
  csv: { type: 'string' },
  stability: { type: 'string' },
  limit: { type: 'string' },
  'max-side': { type: 'string' },
  gallery: { type: 'string' },
  'summary-json': { type: 'string' },
});
/** each --dir with the --scale that follows it (before the next --dir) */
const folders: { dir: string; scale: string | undefined }[] = [];
for (const t of tokens) {
  if (t.kind !== 'option') continue;
  if (t.name === 'dir' && t.value) folders.push({ dir: t.value, scale: undefined });
  else if (t.name === 'scale' && folders.length) folders.at(-1)!.scale = t.value;
  else if (t.name === 'scale') usageError(USAGE, '--scale belongs after the --dir it describes');
}
if (folders.length === 0) {
  folders.push(...DEV_FOLDERS.map((id) => ({ dir: path.join(datasetsRoot(), id), scale: undefined })));
  const heldOut = builtHeldOutFolders();
  folders.push(...heldOut.map((dir) => ({ dir, scale: undefined })));
  console.log(
    heldOut.length
      ? `held-out folders (never fitted on): ${heldOut.join(', ')}`
      : 'no held-out folders built (npm run datasets:held-out): the dev folders only',
  );
}
requireLabelledFolders(
  'eval:hairline',
  folders.map((f) => f.dir),
);
await runModelsStep();
const skinTones = readSkinTones();
const stabilityN = numberArg(USAGE, 'stability', values.stability, 20);
const limit = numberArg(USAGE, 'limit', values.limit, Infinity);
const maxSide = numberArg(USAGE, 'max-side', values['max-side'], Infinity);
// the public page's figures are the photos as their sources give them
if (Number.isFinite(maxSide) && values['summary-json']) usageError(USAGE, '--max-side and --summary-json go apart');
if (Number.isFinite(maxSide)) console.log(`every photo shrunk to at most ${maxSide} px on its long side`);
/** a labelled photo's bytes as the eval scores them */
const photoBytes = async (file: string) => {
  const bytes = new Uint8Array(await readFile(file));
  return Number.isFinite(maxSide) ? new Uint8Array(await shrunk(bytes, maxSide)) : bytes;
};
const deps = createModelDeps();

type Outcome = { analysis: HairlineAnalysis } | { rejected: string };
async function run(bytes: Uint8Array): Promise<Outcome> {
  try {
    return { analysis: await analyzeHairline({ face: bytes }, deps) };
  } catch (e) {
    if (e instanceof AnalysisRejectedError) return { rejected: e.code };
    throw e;
  }
}

interface Row {
  set: string;
  dir: string;
  info: DatasetInfo;
  file: string;
  stage: number;
  hash: bigint[];
  analysis?: HairlineAnalysis;
  rejected?: string;
  heldOutScore?: number;
  /** the Norwood stage the held-out result shows */
  heldOutNorwood?: number;
  /** the six metric words the held-out result shows */
  heldOutWords?: MetricWords;
  /** what the consistency checker finds in the held-out result */
  contradictions?: Contradiction[];
  /** a view from above turned by quarter turns and with darker skin and light (analysis/training-copies.ts) */
  copies?: NamedFeatures[];
  darker?: NamedFeatures;
  /** the held-out scores of those copies */
  turnedScores?: number[];
  darkerScore?: number;
}
const rows: Row[] = [];
for (const { dir, scale } of folders) {
  const labelled = readLabels(dir).slice(0, limit);
  let info: DatasetInfo;
  try {
    info = datasetInfo(
      dir,
      labelled.map((p) => p.stage),
      scale,
    );
  } catch (e) {
    console.error(`eval:hairline: ${(e as Error).message}`);
    process.exit(2);
  }
  for (const p of labelled) {
    const bytes = await photoBytes(p.path);
    const outcome = await run(bytes);
    const above = 'analysis' in outcome && SCORE_MODEL[outcome.analysis.scoreInputs.view] === 'above';
    rows.push({
      set: datasetId(dir),
      dir,
      info,
      file: p.file,
      stage: p.stage,
      hash: await orientationHashes(bytes),
      ...outcome,
      ...(above ? await trainingCopies(bytes, deps) : {}),
    });
  }
}

// one grouping over every folder, so a photo copied into two folders is never on both sides of a split
const groups = groupByHash(rows.map((r) => r.hash));
const trainedOn = (r: Row) => r.set in DATASETS;
const cvRows = rows.filter((r) => r.analysis && trainedOn(r));
if (cvRows.length) {
  const fitRows: FitRow[] = cvRows.map((r) => ({
    ...r.analysis!.scoreInputs,
    target: norwoodTarget(r.info, r.stage, r.dir),
    ...(r.copies ? { copies: r.copies } : {}),
    ...(r.darker ? { darker: r.darker } : {}),
  }));
  const cvGroups = cvRows.map((r) => groups[rows.indexOf(r)]!);
  const heldOut = crossValidateWithCopies(onePhotoOneVote(fitRows, cvGroups), groupedFolds(cvGroups), FITTED.models);
  cvRows.forEach((r, k) => {
    const result = heldOutResult(r.analysis!, heldOut.stages[k]!);
    r.heldOutScore = result.score;
    r.heldOutNorwood = result.norwoodStage;
    r.heldOutWords = metricWordsOf(result);
    r.contradictions = contradictions({ ...result, measurements: r.analysis!.measurements });
    r.turnedScores = heldOut.copies[k]!.map((s) => scoreFromStage(s));
    const darker = heldOut.darker[k];
    if (darker !== undefined) r.darkerScore = scoreFromStage(darker);
  });
}
for (const r of rows) {
  if (!r.analysis || trainedOn(r)) continue;
  r.heldOutScore = r.analysis.score;
  r.heldOutNorwood = r.analysis.norwoodStage;
  r.heldOutWords = r.analysis;
  r.contradictions = contradictions(r.analysis);
  r.turnedScores = r.copies?.map((c) => scoreFromStage(predictStage(FITTED.models.above, c)));
  if (r.darker) r.darkerScore = scoreFromStage(predictStage(FITTED.models.above, r.darker));
}

const f3 = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? 'n/a' : v.toFixed(3));
const sets: LabelledSetSummary[] = [];
for (const { dir } of folders) {
  const set = datasetId(dir);
  const own = rows.filter((r) => r.set === set);
  const scored = own.filter((r) => r.analysis);
  const held = scored.map((r) => r.heldOutScore!);
  const labels = scored.map((r) => r.stage);
  const stages = [...new Set(own.map((r) => r.stage))].sort((a, b) => a - b);
  const lo = stages[0]!,
    hi = stages[stages.length - 1]!;
  const ranked = stages.length > 1;
  const views = Object.fromEntries(
    PHOTO_VIEWS.map((v) => [v, scored.filter((r) => r.analysis!.scoreInputs.view === v).length]),
  ) as Record<PhotoView, number>;
  const faces = scored.filter((r) => r.analysis!.measurements.faceFound).length;
  const distinct = new Set(own.map((r) => groups[rows.indexOf(r)])).size;
  const refused = own.length - scored.length;
  const heldOutBy = trainedOn(own[0]!) ? 'grouped-cv' : 'unseen';
  console.log(
    `\nfolder: ${dir}  photos: ${own.length} (${distinct} distinct)  scored: ${scored.length}  refused: ${refused} (${((100 * refused) / own.length).toFixed(1)}%)  views: ${PHOTO_VIEWS.map((v) => `${v} ${views[v]}`).join(', ')}  faces found: ${faces}`,
  );
  let heldOut: LabelledSetSummary['heldOut'] = null;
  if (ranked) {
    const rho = spearman(held, labels);
    const scoredGroups = scored.map((r) => groups[rows.indexOf(r)]!);
    const [low, high] = bootstrapSpearman(held, labels, scoredGroups);
    const aucValue = auc(
      held.filter((_, i) => labels[i] === lo),
      held.filter((_, i) => labels[i] === hi),
    );
    const adjacent = adjacentAucs(held, labels);
    const ceiling = spearmanCeiling(labels);
    const ordered = concordance(held, labels);
    const balanced = balancedSpearman(held, labels, scoredGroups);
    heldOut = {
      spearman: round3(rho),
      spearmanLow: round3(low),
      spearmanHigh: round3(high),
      spearmanCeiling: round3(ceiling),
      balancedSpearman: {
        median: round3(balanced.median),
        low: round3(balanced.low),
        high: round3(balanced.high),
        perLabel: balanced.perLabel,
      },
      concordance: round3(ordered),
      auc: round3(aucValue),
      adjacentAuc: adjacent.map((a) => ({ ...a, auc: round3(a.auc) })),
    };
    console.log(
      `HELD OUT (${heldOutBy}): Spearman rho ${f3(rho)} [95% CI ${f3(low)} .. ${f3(high)}] (a perfect score: ${f3(ceiling)})   ${balanced.perLabel} per label: rho ${f3(balanced.median)} [${f3(balanced.low)} .. ${f3(balanced.high)}]   pairs ordered right ${f3(ordered)}   AUC ${lo} vs ${hi}: ${f3(aucValue)}   adjacent: ${adjacent.map((a) => `${a.lower}v${a.higher} ${f3(a.auc)}`).join('  ')}`,
    );
    console.log(
      `in-sample (debugging only): Spearman rho ${f3(
        spearman(
          scored.map((r) => r.analysis!.score),
          labels,
        ),
      )}`,
    );
  }
  console.log('label   n  held-out mean  min  max   (in-sample mean)');
  const meanScoreByStage = stages.map((s) => {
    const of = scored.filter((r) => r.stage === s);
    const sc = of.map((r) => r.heldOutScore!);
    console.log(
      `${String(s).padStart(5)} ${String(sc.length).padStart(3)} ${mean(sc).toFixed(1).padStart(14)} ${Math.min(...sc)
        .toFixed(0)
        .padStart(4)} ${Math.max(...sc)
        .toFixed(0)
        .padStart(4)}   (${mean(of.map((r) => r.analysis!.score)).toFixed(1)})`,
    );
    return { stage: s, n: sc.length, meanScore: Math.round(10 * mean(sc)) / 10 };
  });
  const shownStage = stageAgreement(
    scored.map((r) => ({ shown: r.heldOutNorwood!, label: labelStages(r.info, r.stage, r.dir) })),
    stages.map((label) => ({ label, stages: labelStages(own[0]!.info, label, dir) })),
  );
  if (shownStage) {
    console.log(
      `Norwood stage shown (held out): one the label covers ${pct(shownStage.matched)}, at most one stage off ${pct(shownStage.withinOne)} (one stage for every photo: ${pct(shownStage.baseline)})`,
    );
  }
  const metricWords = ranked ? wordAgreement(scored.map((r) => ({ words: r.heldOutWords!, label: r.stage }))) : null;
  if (metricWords) {
    console.log(
      `metric words against the labels, held out (rho of each word's points on the result's chart): ` +
        METRIC_KEYS.map((k) => `${k} ${f3(metricWords[k])}`).join('  '),
    );
  }
  const byView = PHOTO_VIEWS.map((v) =>
    groupFigures(
      v,
      own.filter((r) => r.analysis?.scoreInputs.view === v),
      hi,
    ),
  ).filter((g) => g.photos > 0);
  const bySkinTone = SKIN_TONES.map((tone) =>
    groupFigures(
      tone,
      own.filter((r) => skinTones.get(`${r.set}/${r.file}`) === tone),
      hi,
    ),
  ).filter((g) => g.photos > 0);
  for (const [title, groups] of [
    ['view', byView],
    ['skin tone', bySkinTone],
  ] as const) {
    if (groups.length === 0) continue;
    console.log(
      `by ${title}: ` +
        groups
          .map(
            (g) =>
              `${g.group} ${g.photos} (refused ${g.refused}) rho ${f3(g.spearman)} label-${hi} mean ${g.highestLabelMeanScore ?? 'n/a'}`,
          )
          .join('  |  '),
    );
  }
  const darker = darkerFigures(scored, hi);
  if (darker) {
    console.log(
      `darker, browner skin and light (views from above, held out): ${darker.copies} copies, rho ${f3(darker.spearman)}, mean score change ${darker.meanChange}, label-${hi} ${darker.highestLabelChange ?? 'n/a'}`,
    );
  }
  const turned = turnedFigures(scored);
  if (turned) {
    console.log(
      `turned by a quarter, half or three quarters (views from above, held out): ${turned.copies} copies, rho ${f3(turned.spearman)}, median |score change| from the photo as taken ${turned.medianChange} (90th percentile ${turned.p90Change})`,
    );
  }
  const contradicted = scored.filter((r) => r.contradictions?.length);
  console.log(
    `contradictions (score/consistency.ts, held out): ${contradicted.length} of ${scored.length} results` +
      contradicted
        .slice(0, 5)
        .map((r) => `\n  ${r.file}: ${r.contradictions!.map((c) => `${c.a} / ${c.b} (${c.why})`).join('; ')}`)
        .join(''),
  );
  const reasons = own.filter((r) => r.rejected).map((r) => `${r.file}:${r.rejected}`);
  if (reasons.length) console.log('refused:', reasons.join(' '));
  const info = own[0]!.info;
  sets.push({
    id: set,
    description: info.description,
    scale: info.scale,
    photos: own.length,
    distinctPhotos: distinct,
    refusedShare: round3(refused / own.length),
    refusedBy: refusalCounts(own.flatMap((r) => (r.rejected ? [r.rejected] : []))),
    views,
    facesFound: faces,
    heldOutBy,
    heldOut,
    meanScoreByStage,
    shownStage,
    metricWords,
    byView,
    bySkinTone,
    ...(turned ? { turned } : {}),
    ...(darker ? { darker } : {}),
  });
}

/** the held-out scores of the views from above with darker skin and light: rank agreement, and how far darkness alone moves them */
function darkerFigures(scored: Row[], highest: number): AccuracySummary['sets'][number]['darker'] {
  const copies = scored.filter((r) => r.darkerScore !== undefined);
  if (copies.length < 8 || new Set(copies.map((r) => r.stage)).size < 2) return undefined;
  const change = (rs: Row[]) => round1(mean(rs.map((r) => r.darkerScore! - r.heldOutScore!)));
  const top = copies.filter((r) => r.stage === highest);
  return {
    copies: copies.length,
    spearman: round3(
      spearman(
        copies.map((r) => r.darkerScore!),
        copies.map((r) => r.stage),
      ),
    ),
    meanChange: change(copies),
    highestLabelChange: top.length ? change(top) : null,
  };
}

/** the held-out scores of the views from above turned by quarter turns: rank agreement, and change from the photo */
function turnedFigures(scored: Row[]): AccuracySummary['sets'][number]['turned'] {
  const copies = scored.flatMap((r) =>
    (r.turnedScores ?? []).map((score) => ({ score, stage: r.stage, change: Math.abs(score - r.heldOutScore!) })),
  );
  if (copies.length < 8 || new Set(copies.map((c) => c.stage)).size < 2) return undefined;
  const changes = copies.map((c) => c.change).sort((a, b) => a - b);
  return {
    copies: copies.length,
    spearman: round3(
      spearman(
        copies.map((c) => c.score),
        copies.map((c) => c.stage),
      ),
    ),
    medianChange: median(changes),
    p90Change: changes[Math.floor(0.9 * (changes.length - 1))]!,
  };
}

/** held-out figures of a group of one set's photos (one view, or one skin-tone group) */
function groupFigures(group: string, members: Row[], highest: number): GroupFigures {
  const scored = members.filter((r) => r.analysis);
  const labels = scored.map((r) => r.stage);
  const top = scored.filter((r) => r.stage === highest).map((r) => r.heldOutScore!);
  return {
    group,
    photos: members.length,
    refused: members.length - scored.length,
    spearman:
      scored.length >= 8 && new Set(labels).size > 1
        ? round3(
            spearman(
              scored.map((r) => r.heldOutScore!),
              labels,
            ),
          )
        : null,
    highestLabelMeanScore: top.length ? Math.round(10 * mean(top)) / 10 : null,
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
      const out = await run(new Uint8Array(await t.apply(await photoBytes(path.join(r.dir, r.file)))));
      if ('analysis' in out) changes.push(Math.abs(out.analysis.score - r.analysis!.score));
    }
    const med = median(changes);
    stability.push({ transform: t.name, medianChange: med, photos: changes.length });
    parts.push(`${t.name} ${med}`);
  }
  console.log(`\nstability over ${sample.length} photos, median |score change|: ${parts.join(', ')}`);
  const again = await run(await photoBytes(path.join(sample[0]!.dir, sample[0]!.file)));
  console.log(
    `same bytes twice, same result: ${'analysis' in again && JSON.stringify(strip(again.analysis)) === JSON.stringify(strip(sample[0]!.analysis!))}`,
  );
}

const csv = values.csv;
if (csv) {
  await writeFile(
    csv,
    'set,file,stage,score,held_out_score,view,face,rejected,forehead,temples,temple_bare,frontal,top\n' +
      rows
        .map((r) => {
          const m = r.analysis?.measurements;
          return [
            r.set,
            r.file,
            r.stage,
            r.analysis?.score ?? '',
            r.heldOutScore ?? '',
            r.analysis?.scoreInputs.view ?? '',
            r.analysis ? String(m!.faceFound) : '',
            r.rejected ?? '',
            m?.hairlineHeightRatio ?? '',
            m?.templeRecession ?? '',
            m?.templeBareShare ?? '',
            m?.frontalCoverage ?? '',
            m?.topCoverage ?? '',
          ].join(',');
        })
        .join('\n') +
      '\n',
  );
  console.log(`per-photo CSV: ${csv}`);
}

const gallery = values.gallery;
if (gallery) {
  const entries: GalleryEntry[] = [];
  // one photo at a time: each holds a decoded photo and a hair pass
  for (const r of rows) {
    const bytes = await photoBytes(path.join(r.dir, r.file));
    entries.push({
      set: r.set,
      file: r.file,
      stage: r.stage,
      rejected: r.rejected,
      analysis: r.analysis,
      overlay: r.analysis
        ? r.analysis.overlayJpeg
        : new Uint8Array(await sharp(bytes).resize(320, 320, { fit: 'inside' }).jpeg({ quality: 70 }).toBuffer()),
      mask: await hairModelOverlay(bytes, deps),
    });
  }
  await writeFile(gallery, galleryHtml(entries));
  console.log(`gallery: ${gallery}`);
}

const summaryPath = values['summary-json'];
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
console.log(
  `\nload average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`,
);

function codeVersion(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--', 'lambdas/analysis'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${sha}+changes` : sha;
  } catch {
    return 'unknown';
  }
}
function strip(a: HairlineAnalysis) {
  return { ...a, thumbnailJpeg: a.thumbnailJpeg.length, overlayJpeg: a.overlayJpeg.length };
}
function pct(share: number): string {
  return `${Math.round(100 * share)}%`;
}
function round1(v: number): number {
  return Math.round(v * 10) / 10;
}

/** how many photos each refusal code refused, most first */
function refusalCounts(codes: string[]): AccuracySummary['sets'][number]['refusedBy'] {
  const counts = new Map<string, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts].map(([code, photos]) => ({ code, photos })).sort((a, b) => b.photos - a.photos);
}
