/**
 * npm run eval:face-identity: measures the "same person" threshold of shared/face-identity.ts on the dev portraits.
 * Different people: every pair of portraits (one official portrait per member of Congress in portraits/men and
 * portraits/women). The same person: each portrait against its copies resized, re-encoded, brighter, darker, mirrored,
 * turned and cropped (scripts/analysis/lib/identity-threshold.ts). Prints the threshold that keeps different-person pairs taken as
 * one person at or under 1 %, chosen in-sample and out of fold (5 folds by portrait: a portrait's pairs and copies are
 * judged by a threshold chosen without it), the figures at the threshold in use, and the closest pairs of different
 * portraits (to look at: two photos of one person would show there).
 * Descriptors are cached in .scratch/face-identity/ (git-ignored): biometric data of public portraits, never committed.
 * Usage: npm run eval:face-identity [-- --limit N per folder] [--fresh]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SAME_PERSON_MAX_DISTANCE, faceDistance } from '#shared/face-identity.ts';
import { createModelDeps, warmUpModels } from '#lambdas/analysis/index.ts';
import { readLabels } from './lib/labels.ts';
import {
  chooseThreshold,
  IDENTITY_TRANSFORMS,
  identityFigures,
  portraitDescriptor,
  thresholdFor,
  type IdentityFigures,
  type PortraitDescriptors,
} from './lib/identity-threshold.ts';
import { readArgs, numberArg } from '#scripts/lib/cli.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { requireLabelledFolders } from '#scripts/lib/datasets.ts';
import { runModelsStep } from '#infra/models/models-step.ts';

const USAGE = 'npm run eval:face-identity -- [--limit N per folder] [--fresh]';
const { values } = readArgs(USAGE, { limit: { type: 'string' }, fresh: { type: 'boolean' } });
const limit = numberArg(USAGE, 'limit', values.limit, Infinity);
/** the target: different people taken as one at most this often */
const MAX_FALSE_SAME = 0.01;
/** where copies and different people overlap, the threshold admits at most this share of different-person pairs */
const FALLBACK_FALSE_SAME = 0.001;
const FOLDS = 5;

const dirs = ['portraits/men', 'portraits/women'].map((d) => path.join(datasetsRoot(), d));
requireLabelledFolders('eval:face-identity', dirs);
await runModelsStep();
await warmUpModels({ faceAges: true });
const deps = createModelDeps();

const cacheDir = path.resolve(import.meta.dirname, '..', '..', '.scratch', 'face-identity');
mkdirSync(cacheDir, { recursive: true });
const cacheFile = path.join(cacheDir, 'descriptors.json');
type Cached = Record<string, string | null>;
const cache: Cached =
  !values.fresh && existsSync(cacheFile) ? (JSON.parse(readFileSync(cacheFile, 'utf8')) as Cached) : {};
const toText = (d: Float32Array | undefined) =>
  d ? Buffer.from(d.buffer, d.byteOffset, d.byteLength).toString('base64') : null;
const fromText = (t: string | null) => {
  if (t === null) return undefined;
  const bytes = Buffer.from(t, 'base64');
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};

async function described(key: string, bytes: () => Promise<Uint8Array>): Promise<Float32Array | undefined> {
  if (!(key in cache)) cache[key] = toText(await portraitDescriptor(await bytes(), deps));
  return fromText(cache[key]!);
}

const portraits: PortraitDescriptors[] = [];
let noFace = 0;
const photos = dirs.flatMap((d) => readLabels(d).slice(0, limit));
for (const [n, photo] of photos.entries()) {
  const file = path.relative(datasetsRoot(), photo.path);
  const original = await readFile(photo.path).then((b) => new Uint8Array(b));
  const own = await described(file, async () => original);
  if (!own) {
    noFace++;
    continue;
  }
  const copies: PortraitDescriptors['copies'] = {};
  for (const t of IDENTITY_TRANSFORMS) {
    copies[t.name] = await described(`${file}|${t.name}`, async () => new Uint8Array(await t.apply(original)));
  }
  portraits.push({ file, original: own, copies });
  if (n % 20 === 19) writeFileSync(cacheFile, JSON.stringify(cache));
}
writeFileSync(cacheFile, JSON.stringify(cache));

const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(2)} %`;
const line = (f: IdentityFigures) =>
  `different people taken as one: ${f.falseSame} of ${f.differentPairs} pairs (${pct(f.falseSame, f.differentPairs)}); ` +
  `a changed copy taken as the same person: ${f.trueSame} of ${f.samePairs} (${pct(f.trueSame, f.samePairs)})`;

console.log(`portraits with a front face: ${portraits.length} (no front face found: ${noFace})`);

// out of fold: the pairs within each fold, and its portraits' copies, judged by a threshold chosen on the other folds
const oof: IdentityFigures = { differentPairs: 0, falseSame: 0, samePairs: 0, trueSame: 0 };
const thresholds: number[] = [];
for (let k = 0; k < FOLDS; k++) {
  const test = portraits.filter((_, i) => i % FOLDS === k);
  const train = portraits.filter((_, i) => i % FOLDS !== k);
  const t = chooseThreshold(train, FALLBACK_FALSE_SAME);
  thresholds.push(t);
  const f = identityFigures(test, t);
  for (const key of Object.keys(oof) as (keyof IdentityFigures)[]) oof[key] += f[key];
}
console.log(
  `threshold chosen for each fold (chooseThreshold on the other folds): ${thresholds.map((t) => t.toFixed(3)).join(', ')}`,
);
console.log(`out of fold: ${line(oof)}`);
console.log(
  `in-sample: chosen ${chooseThreshold(portraits, FALLBACK_FALSE_SAME).toFixed(3)}; ` +
    `the largest that keeps different people taken as one ≤ 1 %: ${thresholdFor(portraits, MAX_FALSE_SAME).toFixed(3)}`,
);
const met = (f: IdentityFigures) =>
  f.falseSame <= MAX_FALSE_SAME * f.differentPairs && f.trueSame >= 0.99 * f.samePairs ? 'met' : 'NOT met';
console.log(`targets (different people ≤ 1 %, changed copies ≥ 99 %): out of fold ${met(oof)}`);
console.log(
  `at the threshold in use, ${SAME_PERSON_MAX_DISTANCE}: ${line(identityFigures(portraits, SAME_PERSON_MAX_DISTANCE))}`,
);

// per change: which copies are missed
for (const t of IDENTITY_TRANSFORMS) {
  const ds = portraits.map((p) => p.copies[t.name]);
  const missed = ds.filter((d, i) => !d || faceDistance(portraits[i]!.original, d) > SAME_PERSON_MAX_DISTANCE).length;
  const worst = Math.max(...ds.map((d, i) => (d ? faceDistance(portraits[i]!.original, d) : Infinity)));
  console.log(`  ${t.name}: missed ${missed} of ${ds.length}; largest distance ${worst.toFixed(3)}`);
}

const pairs: { a: string; b: string; d: number }[] = [];
for (let i = 0; i < portraits.length; i++)
  for (let j = i + 1; j < portraits.length; j++)
    pairs.push({
      a: portraits[i]!.file,
      b: portraits[j]!.file,
      d: faceDistance(portraits[i]!.original, portraits[j]!.original),
    });
pairs.sort((x, y) => x.d - y.d);
console.log('closest pairs of different portraits:');
for (const p of pairs.slice(0, 8)) console.log(`  ${p.d.toFixed(3)}  ${p.a}  ${p.b}`);
