/**
 * The eval's first step: which labelled folders it scores (each `--dir` with the `--scale` after it, else the dev
 * folders and the held-out folders built), and each folder's photos and what its labels mean on the Norwood scale.
 */
import path from 'node:path';
import { DEV_FOLDERS } from '#scripts/lib/datasets.ts';
import { datasetId, datasetInfo, readLabels, type DatasetInfo, type LabelledPhoto } from '../labels.ts';

export interface EvalFolder {
  dir: string;
  /** `--scale label:stage,…` given after the folder's `--dir` */
  scale: string | undefined;
}

/** a command-line token as node:util parseArgs gives it (`tokens: true`) */
export interface ArgToken {
  kind: string;
  name?: string;
  value?: string | undefined;
}

/** Each --dir with the --scale that follows it (before the next --dir); throws when a --scale comes first. */
export function foldersFromTokens(tokens: readonly ArgToken[]): EvalFolder[] {
  const folders: EvalFolder[] = [];
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (t.name === 'dir' && t.value) folders.push({ dir: t.value, scale: undefined });
    else if (t.name === 'scale' && folders.length) folders.at(-1)!.scale = t.value;
    else if (t.name === 'scale') throw new Error('--scale belongs after the --dir it describes');
  }
  return folders;
}

/** Without --dir: the four dev folders under `datasets`, then the held-out folders that have been built. */
export function defaultFolders(datasets: string, heldOut: readonly string[]): EvalFolder[] {
  return [...DEV_FOLDERS.map((id) => path.join(datasets, id)), ...heldOut].map((dir) => ({ dir, scale: undefined }));
}

export interface LabelledSet {
  /** the folder's id: "portraits/men", "norwood-front-held-out" */
  id: string;
  dir: string;
  info: DatasetInfo;
  photos: LabelledPhoto[];
}

/** A folder's first `limit` labelled photos; throws a one-line reason when its labels have no Norwood mapping. */
export function readSet({ dir, scale }: EvalFolder, limit: number): LabelledSet {
  const photos = readLabels(dir).slice(0, limit);
  const info = datasetInfo(
    dir,
    photos.map((p) => p.stage),
    scale,
  );
  return { id: datasetId(dir), dir, info, photos };
}
