/**
 * Scores a labelled folder and prints Spearman(score, stage), mean score per stage, AUC lowest vs highest stage, the
 * share rejected, the skin-box baseline as a reference column, and a stability check under small photo changes.
 * Usage: npx tsx scripts/eval-hairline.ts --dir <folder with labels.csv> [--csv out.csv] [--stability N] [--limit N]
 */
import { readFile, writeFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { AnalysisRejectedError, analyzeHairline, createLocalFaceDetector } from '../lambdas/analysis/index.ts';
import { readLabels } from '../lambdas/analysis/eval/labels.ts';
import { auc, mean, spearman } from '../lambdas/analysis/eval/stats.ts';
import { baselineSkinShare } from '../lambdas/analysis/eval/baseline.ts';

const arg = (name: string) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
const dir = arg('--dir');
if (!dir) { console.error('usage: --dir <folder> [--csv out.csv] [--stability N] [--limit N]'); process.exit(2); }
const stabilityN = Number(arg('--stability') ?? 20);
const photos = readLabels(dir).slice(0, Number(arg('--limit') ?? Infinity));
const deps = { faceDetector: createLocalFaceDetector() };

type Outcome = { score?: number; rejected?: string };
async function run(bytes: Uint8Array): Promise<Outcome> {
  try { return { score: (await analyzeHairline(bytes, deps)).score }; } catch (e) {
    if (e instanceof AnalysisRejectedError) return { rejected: e.code };
    throw e;
  }
}

const rows: { file: string; stage: number; score?: number; rejected?: string; baseline: number; face?: boolean }[] = [];
for (const p of photos) {
  const bytes = new Uint8Array(await readFile(p.path));
  const out = await run(bytes);
  rows.push({ file: p.file, stage: p.stage, ...out, baseline: await baselineSkinShare(bytes) });
}

const scored = rows.filter((r) => r.score !== undefined);
const stages = [...new Set(rows.map((r) => r.stage))].sort((a, b) => a - b);
const lo = stages[0]!, hi = stages[stages.length - 1]!;
console.log(`folder: ${dir}  photos: ${rows.length}  scored: ${scored.length}  rejected: ${rows.length - scored.length} (${(100 * (rows.length - scored.length) / rows.length).toFixed(1)}%)`);
console.log(`Spearman rho(score, stage): ${spearman(scored.map((r) => r.score!), scored.map((r) => r.stage)).toFixed(3)}   baseline rho(-skin share, stage): ${spearman(rows.map((r) => -r.baseline), rows.map((r) => r.stage)).toFixed(3)}`);
console.log(`AUC stage ${lo} vs ${hi} (score higher for ${lo}): ${auc(scored.filter((r) => r.stage === lo).map((r) => r.score!), scored.filter((r) => r.stage === hi).map((r) => r.score!)).toFixed(3)}   baseline: ${auc(rows.filter((r) => r.stage === lo).map((r) => -r.baseline), rows.filter((r) => r.stage === hi).map((r) => -r.baseline)).toFixed(3)}`);
console.log('stage  n  mean score  baseline skin share');
for (const s of stages) {
  const own = scored.filter((r) => r.stage === s);
  console.log(`${String(s).padStart(5)} ${String(own.length).padStart(3)} ${mean(own.map((r) => r.score!)).toFixed(1).padStart(10)} ${mean(rows.filter((r) => r.stage === s).map((r) => r.baseline)).toFixed(3).padStart(20)}`);
}
const reasons = rows.filter((r) => r.rejected).map((r) => `${r.file}:${r.rejected}`);
if (reasons.length) console.log('rejected:', reasons.join(' '));

const reencode = (img: Sharp) => img.jpeg({ quality: 90 }).toBuffer();
const variants: [string, (b: Uint8Array) => Promise<Buffer>][] = [
  ['resize50', async (b) => sharp(b).resize(Math.round((await sharp(b).metadata()).width! / 2)).jpeg({ quality: 90 }).toBuffer()],
  ['jpeg70', (b) => sharp(b).jpeg({ quality: 70 }).toBuffer()],
  ['bright+15', (b) => reencode(sharp(b).modulate({ brightness: 1.15 }))],
  ['bright-15', (b) => reencode(sharp(b).modulate({ brightness: 0.85 }))],
  ['mirror', (b) => reencode(sharp(b).flop())],
];
const step = Math.max(1, Math.floor(scored.length / Math.max(1, stabilityN)));
const sample = scored.filter((_, i) => i % step === 0).slice(0, stabilityN);
const changes: Record<string, number[]> = {};
for (const r of sample) {
  const bytes = new Uint8Array(await readFile(`${dir}/${r.file}`));
  for (const [name, make] of variants) {
    const out = await run(new Uint8Array(await make(bytes)));
    if (out.score !== undefined) (changes[name] ??= []).push(Math.abs(out.score - r.score!));
  }
}
const med = (v: number[]) => { const s = [...v].sort((a, b) => a - b); return s.length ? s[s.length >> 1]! : NaN; };
const all = Object.values(changes).flat();
console.log(`stability over ${sample.length} photos: median |score change| ${med(all)} (` + Object.entries(changes).map(([k, v]) => `${k} ${med(v)}`).join(', ') + ')');

const csv = arg('--csv');
if (csv) {
  await writeFile(csv, 'file,stage,score,rejected,baseline_skin_share\n' + rows.map((r) => `${r.file},${r.stage},${r.score ?? ''},${r.rejected ?? ''},${r.baseline.toFixed(4)}`).join('\n') + '\n');
  console.log(`per-photo CSV: ${csv}`);
}
