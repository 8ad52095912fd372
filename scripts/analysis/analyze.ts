/**
 * Analyses one photo with the local face models, or a face photo and a crown photo as one rating (--crown): prints the
 * result JSON (without the images) and writes each overlay to <photo>.overlay.jpg, or into --out <dir> (default: the
 * current directory when the photo's folder is read-only).
 * Usage: npx tsx scripts/analysis/analyze.ts <photo> [--crown photo] [--out dir]
 */
import { access, constants, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AnalysisRejectedError, analyzeHairline, createModelDeps } from '#lambdas/analysis/index.ts';
import { readArgs, usageError } from '#scripts/lib/cli.ts';
import { runModelsStep } from '#infra/models/models-step.ts';

const USAGE = 'npm run analyze -- <photo> [--crown photo] [--out dir]';
const { values, positionals } = readArgs(USAGE, { out: { type: 'string' }, crown: { type: 'string' } });
const outDir = values.out;
const photo = positionals[0] ?? usageError(USAGE, 'no photo given');
const crownPhoto = values.crown;
await runModelsStep();

async function overlayPath(file: string): Promise<string> {
  const name = path.basename(file) + '.overlay.jpg';
  if (outDir) return path.join(outDir, name);
  const dir = path.dirname(file);
  try {
    await access(dir, constants.W_OK);
    return path.join(dir, name);
  } catch {
    return path.resolve(name);
  }
}

const bytesOf = async (file: string) => new Uint8Array(await readFile(file));

/** a result (or its crown part) with its JPEGs replaced by their sizes */
function withSizes<T extends { thumbnailJpeg: Uint8Array; overlayJpeg: Uint8Array }>({
  thumbnailJpeg,
  overlayJpeg,
  ...rest
}: T) {
  return { ...rest, thumbnailBytes: thumbnailJpeg.length, overlayBytes: overlayJpeg.length };
}

async function writeOverlay(file: string, jpeg: Uint8Array): Promise<void> {
  const out = await overlayPath(file);
  await writeFile(out, jpeg);
  console.error(`overlay written to ${out}`);
}

try {
  const deps = createModelDeps();
  const photos = { face: await bytesOf(photo), ...(crownPhoto ? { crown: await bytesOf(crownPhoto) } : {}) };
  const { crown, ...result } = await analyzeHairline(photos, deps);
  console.log(JSON.stringify({ ...withSizes(result), ...(crown ? { crown: withSizes(crown) } : {}) }, null, 2));
  await writeOverlay(photo, result.overlayJpeg);
  if (crown && crownPhoto) await writeOverlay(crownPhoto, crown.overlayJpeg);
} catch (e) {
  if (!(e instanceof AnalysisRejectedError)) throw e;
  console.log(JSON.stringify({ rejected: e.code, photo: e.photo, message: e.message }, null, 2));
  process.exitCode = 1;
}
