/**
 * The measurements the fit commands keep (`--features`) and refit from (`--from`): one JSON object per line, each
 * photo's perceptual hash as decimal strings (JSON has no bigint).
 */
import { readFileSync, writeFileSync } from 'node:fs';

export function writeMeasuredRows<R extends { hash: bigint[] }>(file: string, rows: readonly R[]): void {
  writeFileSync(file, rows.map((r) => JSON.stringify({ ...r, hash: r.hash.map(String) })).join('\n') + '\n');
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
