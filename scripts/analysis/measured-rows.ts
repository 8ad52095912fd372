/**
 * The measurements the fit commands keep (`--features`) and refit from (`--from`): one JSON object per line, each
 * photo's perceptual hash as decimal strings (JSON has no bigint).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Measurements } from '#shared/schemas.ts';
import type { FitRow } from './fit.ts';

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
