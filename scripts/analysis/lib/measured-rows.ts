/**
 * The measurements the fit commands keep (`--features`) and refit from (`--from`): one JSON object per line, each
 * photo's perceptual hash as decimal strings (JSON has no bigint).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import {
  type AnalysisDeps,
  AnalysisRejectedError,
  decodePhoto,
  measurePhoto,
  SCORE_MODEL,
} from '#lambdas/analysis/offline.ts';
import type { Measurements } from '#shared/schemas.ts';
import type { FitRow } from './stage-model-fit.ts';
import { datasetId, datasetInfo, norwoodTarget, readLabels, type DatasetInfo, type LabelledPhoto } from './labels.ts';
import { orientationHashes } from './phash.ts';
import { trainingCopies } from './training-copies.ts';

/** one labelled photo as `measure:dev` keeps it: the score's inputs and what the words read */
export interface MeasuredPhoto extends FitRow {
  set: string;
  file: string;
  /** the folder's own label */
  stage: number;
  hash: bigint[];
  measurements: Measurements;
  shine: number;
  evenness: number;
}

/** one row as its line of the file */
export const measuredRowLine = <R extends { hash: bigint[] }>(r: R): string =>
  JSON.stringify({ ...r, hash: r.hash.map(String) }) + '\n';

export function writeMeasuredRows<R extends { hash: bigint[] }>(file: string, rows: readonly R[]): void {
  writeFileSync(file, rows.map(measuredRowLine).join(''));
}

export function readMeasuredRows<R extends { hash: bigint[] }>(file: string): R[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const r = JSON.parse(line) as Omit<R, 'hash'> & { hash: string[] };
      return { ...r, hash: r.hash.map(BigInt) } as R;
    });
}

/**
 * One labelled photo measured as the engine measures it, with its turned and darker copies when it is a view from above
 * and `copies` says so; undefined when the engine refuses it.
 */
async function measureLabelled(
  photo: LabelledPhoto,
  folder: { dir: string; info: DatasetInfo },
  deps: AnalysisDeps,
  /** asked for each view from above: whether to measure its copies too */
  copies: () => boolean = () => true,
): Promise<MeasuredPhoto | undefined> {
  const bytes = new Uint8Array(await readFile(photo.path));
  try {
    const m = await measurePhoto(await decodePhoto(bytes), deps);
    const above = SCORE_MODEL[m.view] === 'above';
    return {
      set: datasetId(folder.dir),
      file: photo.file,
      stage: photo.stage,
      target: norwoodTarget(folder.info, photo.stage, folder.dir),
      view: m.view,
      features: m.features,
      measurements: { ...m.measurements, faceFound: m.faceFound, confidence: Math.round(100 * m.trust) / 100 },
      shine: m.shine,
      evenness: m.evenness,
      hash: await orientationHashes(bytes),
      ...(above && copies() ? await trainingCopies(bytes, deps) : {}),
    };
  } catch (e) {
    if (!(e instanceof AnalysisRejectedError)) throw e;
    return undefined;
  }
}

/** Every photo of the labelled folders measured in turn (measureLabelled): `each` gets its row, or undefined when refused. */
export async function measureFolders(
  dirs: readonly string[],
  deps: AnalysisDeps,
  each: (row: MeasuredPhoto | undefined) => void,
  copies?: () => boolean,
): Promise<void> {
  for (const dir of dirs) {
    const labelled = readLabels(dir);
    const info = datasetInfo(
      dir,
      labelled.map((p) => p.stage),
    );
    for (const p of labelled) each(await measureLabelled(p, { dir, info }, deps, copies));
  }
}
