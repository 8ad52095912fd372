/** Reading a labelled folder (labels.csv with header file,stage). */
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
