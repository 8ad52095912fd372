/** Reading a labelled folder (labels.csv with header file,stage) and putting its labels on one Norwood scale. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface LabelledPhoto {
  file: string;
  path: string;
  stage: number;
}

export function readLabels(dir: string): LabelledPhoto[] {
  const lines = readFileSync(path.join(dir, 'labels.csv'), 'utf8').trim().split(/\r?\n/);
  return lines.slice(1).map((line) => {
    const [file, stage] = line.split(',');
    return { file: file!.trim(), path: path.join(dir, file!.trim()), stage: Number(stage) };
  });
}

export interface DatasetInfo {
  /** how each label maps onto the Norwood 1-7 scale the score is fitted on */
  norwood: Record<number, number>;
  /** the Norwood stages a label covers where they are not its target's neighbours (labelStages) */
  stages?: Record<number, readonly [number, number]>;
  description: string;
  scale: string;
}

/**
 * The dev folders of ../shared/datasets (their README): each source's own labels put on the Norwood scale. Portrait
 * level 3 (advanced frontal loss) spans Norwood 3-5 and level 4 (bald on top) 6-7; the groups cover 1-7 in four steps.
 */
export const DATASETS: Record<string, DatasetInfo> = {
  'portraits/men': {
    norwood: { 1: 1, 2: 2, 3: 4, 4: 6 },
    stages: { 3: [3, 5], 4: [6, 7] },
    description: 'Official front-facing portraits of adult men (head and shoulders), the kind of photo people upload.',
    scale: '1 full hairline, 2 temple recession, 3 advanced frontal loss, 4 bald on top or shaved',
  },
  'portraits/women': {
    norwood: { 0: 1 },
    description: 'Official front-facing portraits of adult women with the hairline visible.',
    scale: 'all 0: a full hairline is expected',
  },
  'norwood-front': {
    norwood: { 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7 },
    description: 'Front selfies with the head tilted down to show the hairline and crown.',
    scale: 'Hamilton-Norwood stages 2 to 7',
  },
  'norwood-groups': {
    norwood: { 1: 1.5, 2: 3, 3: 4.5, 4: 6.5 },
    description: 'Front and top views of hairlines and scalps, mostly cropped above the eyes.',
    scale: 'Norwood groups: 1 little or no loss … 4 advanced loss or bald',
  },
};

/** "portraits/men" for …/datasets/portraits/men, "norwood-front" for …/datasets/norwood-front */
export function datasetId(dir: string): string {
  const parts = path.resolve(dir).split(path.sep);
  const last = parts[parts.length - 1]!,
    parent = parts[parts.length - 2]!;
  return parent === 'portraits' ? `${parent}/${last}` : last;
}

/** "1:1,2:2,3:4,4:6" → { 1: 1, 2: 2, 3: 4, 4: 6 } (label → Norwood stage); throws a one-line reason when malformed */
export function parseScale(text: string): Record<number, number> {
  const out: Record<number, number> = {};
  for (const pair of text.split(',')) {
    const [label, stage] = pair.split(':').map((s) => Number(s.trim()));
    if (!Number.isFinite(label) || !Number.isFinite(stage) || stage! < 1 || stage! > 7) {
      throw new Error(
        `--scale ${text}: each pair must be label:stage with a Norwood stage from 1 to 7, e.g. 1:1,2:2,3:4,4:6`,
      );
    }
    out[label!] = stage!;
  }
  return out;
}

/**
 * What a folder's labels mean on the Norwood scale: `--scale` given on the command line, else `scale.json` beside its
 * labels.csv ({"1": 1, "2": 3, …}, or {"norwood": {…}, "description": "…", "scale": "…"}), else the built-in dev folders,
 * else labels that are already Norwood stages 1-7; otherwise a one-line reason what to add.
 */
export function datasetInfo(dir: string, labels: number[], scaleArg?: string): DatasetInfo {
  const id = datasetId(dir);
  if (scaleArg)
    return { norwood: parseScale(scaleArg), description: id, scale: `labels mapped to Norwood stages: ${scaleArg}` };
  const file = path.join(dir, 'scale.json');
  if (existsSync(file)) {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const norwood = json.norwood ?? json;
    const mapping = parseScale(
      Object.entries(norwood)
        .map(([k, v]) => `${k}:${String(v)}`)
        .join(','),
    );
    return {
      norwood: mapping,
      ...(json.stages ? { stages: json.stages } : {}),
      description: json.description ?? id,
      scale: json.scale ?? `labels mapped to Norwood stages by ${file}`,
    };
  }
  const builtIn = DATASETS[id];
  if (builtIn) return builtIn;
  if (labels.every((l) => Number.isInteger(l) && l >= 1 && l <= 7)) {
    return {
      norwood: Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((s) => [s, s])),
      description: id,
      scale: 'labels read as Norwood stages 1-7',
    };
  }
  throw new Error(
    `${dir}: labels ${[...new Set(labels)].join(', ')} are not Norwood stages 1-7; give --scale label:stage,… (e.g. 1:1,2:2,3:4,4:6) or put a scale.json beside labels.csv`,
  );
}

/**
 * The Norwood stages a label covers, against which the stage a result shows is judged: as the folder says (a portrait's
 * level 3, advanced frontal loss, is stages 3-5), else the stages next to its target (a group's 4.5 is 4-5, a stage 3
 * is 3).
 */
export function labelStages(info: DatasetInfo, label: number, dir: string): readonly [number, number] {
  const target = norwoodTarget(info, label, dir);
  return info.stages?.[label] ?? [Math.floor(target), Math.ceil(target)];
}

export function norwoodTarget(info: DatasetInfo, stage: number, dir: string): number {
  const target = info.norwood[stage];
  if (target === undefined) throw new Error(`label ${stage} of ${dir} has no Norwood mapping`);
  return target;
}
