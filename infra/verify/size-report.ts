/** Lambda's code size limits and the size table `npm run verify:bundles` prints (and BENCHMARKS.md keeps). */
import type { AssetContents, FunctionAsset } from './assets.ts';
import { unloadableByRuntime } from './elf.ts';

/** GetAccountSettings' CodeSizeUnzipped and CodeSizeZipped (bytes): the same in every account and region. */
export const LAMBDA_LIMITS = {
  /** the function's code and all its layers, extracted: a hard limit */
  unzippedBytes: 262_144_000,
  /** a zip uploaded directly; the CDK uploads through S3, where only the unzipped limit applies */
  directUploadZippedBytes: 52_428_800,
} as const;

export interface AssetRow {
  name: string;
  kind: FunctionAsset['kind'];
  architecture: FunctionAsset['architecture'];
  runtime?: string;
  zippedBytes: number;
  unzippedBytes: number;
  /** this function's code plus its layers: what the 250 MB limit counts */
  deployedUnzippedBytes: number;
  natives: AssetContents['natives'];
}

export interface Verdict {
  ok: boolean;
  problems: string[];
  notes: string[];
}

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** Rows for every function and layer; a function's deployed size adds its layers' unzipped sizes. */
export function assetRows(
  assets: FunctionAsset[],
  contents: Map<string, AssetContents>,
  name: (a: FunctionAsset) => string,
): AssetRow[] {
  const byId = new Map(assets.map((a) => [a.logicalId, a]));
  return assets.map((a) => {
    const c = contents.get(a.logicalId)!;
    const layers = a.layers.reduce((sum, l) => sum + (byId.has(l) ? contents.get(l)!.unzippedBytes : 0), 0);
    return {
      name: name(a),
      kind: a.kind,
      architecture: a.architecture,
      runtime: a.runtime,
      zippedBytes: c.zippedBytes,
      unzippedBytes: c.unzippedBytes,
      deployedUnzippedBytes: c.unzippedBytes + layers,
      natives: c.natives,
    };
  });
}

/**
 * Failures: a function over the unzipped limit or over its own budget, a native binary for another CPU than the
 * function's (unless its runtime can never load it). Notes: the size against the budget, zips over the direct-upload
 * size (fine through S3), binaries the runtime ignores.
 */
export function judgeRow(row: AssetRow, budgetBytes?: number): Verdict {
  const problems: string[] = [];
  const notes: string[] = [];
  if (row.deployedUnzippedBytes > LAMBDA_LIMITS.unzippedBytes) {
    problems.push(
      `${row.name}: ${mb(row.deployedUnzippedBytes)} MB unzipped (with layers) is over Lambda's ${mb(LAMBDA_LIMITS.unzippedBytes)} MB`,
    );
  }
  if (budgetBytes !== undefined) {
    const size = `${mb(row.deployedUnzippedBytes)} MB unzipped (with layers)`;
    const line = `${row.name}: ${size}, budget ${mb(budgetBytes)} MB`;
    if (row.deployedUnzippedBytes > budgetBytes) problems.push(`${line}: over it`);
    else notes.push(line);
  }
  if (row.zippedBytes > LAMBDA_LIMITS.directUploadZippedBytes) {
    notes.push(
      `${row.name}: ${mb(row.zippedBytes)} MB zipped is over the ${mb(LAMBDA_LIMITS.directUploadZippedBytes)} MB direct upload; fine, the CDK uploads through S3`,
    );
  }
  for (const n of row.natives) {
    if (n.arch === row.architecture) continue;
    if (unloadableByRuntime(n.file, row.runtime))
      notes.push(
        `${row.name}: ${n.file} is ${n.arch}, but ${row.runtime} never loads it (another Python version's extension)`,
      );
    else problems.push(`${row.name}: ${n.file} is built for ${n.arch}, the function runs on ${row.architecture}`);
  }
  return { ok: problems.length === 0, problems, notes };
}

/** The table, as Markdown (it is printed as is and pasted into BENCHMARKS.md). */
export function sizeTable(rows: AssetRow[]): string {
  const lines = [
    '| function | arch | zipped MB | unzipped MB | with layers MB | of 250 MB | native binaries |',
    '|---|---|--:|--:|--:|--:|---|',
  ];
  for (const r of [...rows].sort((a, b) => b.deployedUnzippedBytes - a.deployedUnzippedBytes)) {
    const share = `${Math.round((100 * r.deployedUnzippedBytes) / LAMBDA_LIMITS.unzippedBytes)} %`;
    const natives =
      r.natives.length === 0 ? '-' : r.natives.map((n) => `${n.file.split('/').pop()} (${n.arch})`).join(', ');
    lines.push(
      `| ${r.name}${r.kind === 'layer' ? ' (layer)' : ''} | ${r.architecture} | ${mb(r.zippedBytes)} | ${mb(r.unzippedBytes)} | ${r.kind === 'layer' ? '-' : mb(r.deployedUnzippedBytes)} | ${r.kind === 'layer' ? '-' : share} | ${natives} |`,
    );
  }
  return lines.join('\n');
}
