/** Reading a labelled folder (labels.csv with header file,stage) and putting its labels on one Norwood scale. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface LabelledPhoto { file: string; path: string; stage: number }

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
  const last = parts[parts.length - 1]!, parent = parts[parts.length - 2]!;
  return parent === 'portraits' ? `${parent}/${last}` : last;
}

export function norwoodTarget(dir: string, stage: number): number {
  const info = DATASETS[datasetId(dir)];
  if (!info) throw new Error(`no Norwood mapping for ${dir}: add it to DATASETS in lambdas/analysis/eval/labels.ts`);
  const target = info.norwood[stage];
  if (target === undefined) throw new Error(`label ${stage} of ${dir} has no Norwood mapping`);
  return target;
}
