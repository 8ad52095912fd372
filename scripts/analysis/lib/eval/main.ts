/**
 * `npm run eval:hairline` (scripts/analysis/eval-hairline.ts) as named steps: read the sets (sets.ts), analyse each
 * photo (score-photos.ts), hold each result out (hold-out.ts), the figures per set (set-figures.ts, printed by
 * set-report.ts), stability (stability.ts), then the CSV, the gallery and the summary JSON (outputs.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import {
  AnalysisRejectedError,
  analyzeHairline,
  createModelDeps,
  SCORE_MODEL,
  type AnalysisDeps,
} from '#lambdas/analysis/offline.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { runModelsStep } from '#infra/models/models-step.ts';
import { builtHeldOutFolders, requireLabelledFolders } from '#scripts/lib/datasets.ts';
import { galleryHtml } from '../gallery.ts';
import { hairModelOverlay } from '../mask-overlay.ts';
import { orientationHashes } from '../phash.ts';
import { readSkinTones } from '../skin-tones.ts';
import { trainingCopies } from '../training-copies.ts';
import { STABILITY_TRANSFORMS, shrunk } from '../transforms.ts';
import { holdOut } from './hold-out.ts';
import { accuracySummary, codeVersion, galleryEntries, photoCsv } from './outputs.ts';
import { scorePhotos, type PhotoScorer } from './score-photos.ts';
import { setFigures } from './set-figures.ts';
import { setReport } from './set-report.ts';
import { defaultFolders, readSet, type EvalFolder, type LabelledSet } from './sets.ts';
import { stabilityFigures, stabilityReport, stabilitySample } from './stability.ts';

export interface EvalOptions {
  /** the folders given (--dir, --scale); none: the dev folders and the held-out folders built */
  folders: EvalFolder[];
  /** the first N photos of each folder */
  limit: number;
  /** how many photos the stability step changes */
  stability: number;
  /** every photo shrunk to at most this many px on its long side first (Infinity: as the source gives it) */
  maxSide: number;
  csv?: string;
  gallery?: string;
  summaryJson?: string;
}

/** the engine as the API runs it, on the photos as --max-side leaves them */
function engineScorer(deps: AnalysisDeps, maxSide: number): PhotoScorer {
  return {
    photoBytes: async (file) => {
      const bytes = new Uint8Array(await readFile(file));
      return Number.isFinite(maxSide) ? new Uint8Array(await shrunk(bytes, maxSide)) : bytes;
    },
    analyse: async (bytes) => {
      try {
        return { analysis: await analyzeHairline({ face: bytes }, deps) };
      } catch (e) {
        if (e instanceof AnalysisRejectedError) return { rejected: e.code };
        throw e;
      }
    },
    hashes: orientationHashes,
    trainingCopies: (bytes) => trainingCopies(bytes, deps),
    fromAbove: (analysis) => SCORE_MODEL[analysis.scoreInputs.view] === 'above',
  };
}

export async function main(opts: EvalOptions): Promise<void> {
  let folders = opts.folders;
  if (folders.length === 0) {
    const heldOut = builtHeldOutFolders();
    folders = defaultFolders(datasetsRoot(), heldOut);
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
  if (Number.isFinite(opts.maxSide)) console.log(`every photo shrunk to at most ${opts.maxSide} px on its long side`);
  let sets: LabelledSet[];
  try {
    sets = folders.map((f) => readSet(f, opts.limit));
  } catch (e) {
    console.error(`eval:hairline: ${(e as Error).message}`);
    process.exit(2);
  }
  const deps = createModelDeps();
  const scorer = engineScorer(deps, opts.maxSide);

  const rows = holdOut(await scorePhotos(sets, scorer));
  const figures = sets.map((s) =>
    setFigures(
      s.dir,
      rows.filter((r) => r.set === s.id),
      skinTones,
    ),
  );
  for (const fig of figures) for (const line of setReport(fig)) console.log(line);

  const stability = await stabilityFigures(
    stabilitySample(rows, opts.stability),
    STABILITY_TRANSFORMS,
    scorer.photoBytes,
    scorer.analyse,
  );
  if (stability) for (const line of stabilityReport(stability)) console.log(line);

  if (opts.csv) {
    await writeFile(opts.csv, photoCsv(rows));
    console.log(`per-photo CSV: ${opts.csv}`);
  }
  if (opts.gallery) {
    const entries = await galleryEntries(rows, scorer.photoBytes, (bytes) => hairModelOverlay(bytes, deps));
    await writeFile(opts.gallery, galleryHtml(entries));
    console.log(`gallery: ${opts.gallery}`);
  }
  if (opts.summaryJson) {
    const summary = accuracySummary(
      figures.map((f) => f.summary),
      stability?.stability ?? [],
      new Date().toISOString().slice(0, 10),
      codeVersion(),
    );
    await writeFile(opts.summaryJson, JSON.stringify(summary, null, 2) + '\n');
    console.log(`summary: ${opts.summaryJson}`);
  }
  console.log(
    `\nload average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores`,
  );
}
