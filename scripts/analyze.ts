/**
 * Analyses one photo with the local face models: prints the result JSON (without the images) and writes the overlay
 * to <photo>.overlay.jpg, or into --out <dir> (default: the current directory when the photo's folder is read-only).
 * Usage: npx tsx scripts/analyze.ts <photo> [--out dir]
 */
import { access, constants, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AnalysisRejectedError, analyzeHairline, createModelDeps } from '#lambdas/analysis/index.ts';
import { readArgs, usageError } from './lib/cli.ts';
import { runModelsStep } from './lib/models.ts';

const USAGE = 'npm run analyze -- <photo> [--out dir]';
const { values, positionals } = readArgs(USAGE, { out: { type: 'string' } });
const outDir = values.out;
const photo = positionals[0] ?? usageError(USAGE, 'no photo given');
await runModelsStep();

async function overlayPath(): Promise<string> {
  const name = path.basename(photo) + '.overlay.jpg';
  if (outDir) return path.join(outDir, name);
  const dir = path.dirname(photo);
  try {
    await access(dir, constants.W_OK);
    return path.join(dir, name);
  } catch {
    return path.resolve(name);
  }
}

try {
  const deps = createModelDeps();
  const { thumbnailJpeg, overlayJpeg, ...result } = await analyzeHairline(new Uint8Array(await readFile(photo)), deps);
  console.log(
    JSON.stringify({ ...result, thumbnailBytes: thumbnailJpeg.length, overlayBytes: overlayJpeg.length }, null, 2),
  );
  const out = await overlayPath();
  await writeFile(out, overlayJpeg);
  console.error(`overlay written to ${out}`);
} catch (e) {
  if (!(e instanceof AnalysisRejectedError)) throw e;
  console.log(JSON.stringify({ rejected: e.code, message: e.message }, null, 2));
  process.exitCode = 1;
}
