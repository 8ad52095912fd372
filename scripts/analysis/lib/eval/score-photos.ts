/**
 * The eval's second step: each labelled photo analysed as the API analyses it, with its perceptual hash (copies of one
 * photo are found by it) and, for a view from above, the copies that only ever train (training-copies.ts).
 */
import type { HairlineAnalysis, NamedFeatures } from '#lambdas/analysis/offline.ts';
import type { DatasetInfo } from '../labels.ts';
import type { LabelledSet } from './sets.ts';

/** an analysis, or the refusal's code */
export type Outcome = { analysis: HairlineAnalysis } | { rejected: string };

export interface PhotoRow {
  set: string;
  dir: string;
  info: DatasetInfo;
  file: string;
  stage: number;
  hash: bigint[];
  analysis?: HairlineAnalysis;
  rejected?: string;
  /** a view from above turned by quarter turns, and with darker skin and light (training-copies.ts) */
  copies?: NamedFeatures[];
  darker?: NamedFeatures;
}

/** how the eval reads, analyses and copies a photo: the engine in the command, stand-ins in the tests */
export interface PhotoScorer {
  /** a labelled photo's bytes as the eval scores them (shrunk by --max-side) */
  photoBytes: (file: string) => Promise<Uint8Array>;
  analyse: (bytes: Uint8Array) => Promise<Outcome>;
  hashes: (bytes: Uint8Array) => Promise<bigint[]>;
  /** the training copies of a photo the engine read from above */
  trainingCopies: (bytes: Uint8Array) => Promise<{ copies?: NamedFeatures[]; darker?: NamedFeatures }>;
  /** whether a view is read by the model of views from above */
  fromAbove: (analysis: HairlineAnalysis) => boolean;
}

/** Every photo of every set, one at a time, in the sets' order. */
export async function scorePhotos(sets: readonly LabelledSet[], scorer: PhotoScorer): Promise<PhotoRow[]> {
  const rows: PhotoRow[] = [];
  for (const { id, dir, info, photos } of sets) {
    for (const p of photos) {
      const bytes = await scorer.photoBytes(p.path);
      const outcome = await scorer.analyse(bytes);
      const above = 'analysis' in outcome && scorer.fromAbove(outcome.analysis);
      rows.push({
        set: id,
        dir,
        info,
        file: p.file,
        stage: p.stage,
        hash: await scorer.hashes(bytes),
        ...outcome,
        ...(above ? await scorer.trainingCopies(bytes) : {}),
      });
    }
  }
  return rows;
}
