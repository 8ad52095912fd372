/**
 * The hair mask's input size and input resize, measured on dev photos (norwood-front, norwood-groups, portraits/men),
 * each decoded as the engine decodes it (EXIF rotation, sRGB, long side ≤ 1024 px):
 * - per side (512, the model's own, then 384 and 256): warm time of segment() on a photo already stretched to the side
 *   (inference, softmax, download and pooling; wall and CPU, median and p95) and of the sharp stretch before it, and
 *   agreement with the 512 mask: share of pixels with the same decision (the smaller map upsampled bilinearly to 512),
 *   the correlation of the mask share (pixels > 0.5) across photos, the per-photo correlation of the encoder's 128 channel means;
 * - the input resize: sharp's default kernel (what segment() does, and how the reference maps were made) against tfjs
 *   bilinear: on the six reference photos against their decision maps, and at 512 on the dev photos against each other.
 * Usage: npm run bench:hair-mask -- [--per-folder N] [--reference DIR]
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  createHairSegmenter,
  decodePhoto,
  type HairSegmentation,
  type RgbImage,
  sharedHuman,
  warmUpHairSegmenter,
} from '#lambdas/analysis/offline.ts';
import { readLabels } from '#scripts/analysis/lib/labels.ts';
import { numberArg, readArgs } from '#scripts/lib/cli.ts';
import { datasetsRoot, modelsMirrorDir } from '#infra/data-dirs.ts';
import { asReferenceInput, referenceDecisions } from '#test/support/hair-reference.ts';
import { requireLabelledFolders } from '#scripts/lib/datasets.ts';
import { mean, quantile } from '#shared/statistics.ts';

const USAGE = 'npm run bench:hair-mask -- [--per-folder N] [--reference DIR]';
const { values } = readArgs(USAGE, { 'per-folder': { type: 'string' }, reference: { type: 'string' } });
const perFolder = numberArg(USAGE, 'per-folder', values['per-folder'], 14);
const referenceDir = values.reference ?? path.join(modelsMirrorDir(), 'mediapipe-hair-segmentation', 'reference');
const FOLDERS = ['norwood-front', 'norwood-groups', 'portraits/men'].map((d) => path.join(datasetsRoot(), d));
requireLabelledFolders('bench:hair-mask', FOLDERS);
const SIDES = [512, 384, 256] as const;
const WARM_RUNS = 2;

/** `n` photos spread evenly over the folder's list sorted by stage, so every stage is in */
function spread(dir: string, n: number): string[] {
  const all = readLabels(dir).sort((a, b) => a.stage - b.stage || a.file.localeCompare(b.file));
  const step = all.length / Math.min(n, all.length);
  return Array.from({ length: Math.min(n, all.length) }, (_, i) => all[Math.floor(i * step)]!.path);
}

async function stretched(image: RgbImage, side: number): Promise<RgbImage> {
  const rgb = await sharp(image.rgb, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(side, side, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { rgb: new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length), width: side, height: side };
}

/** a side×side probability map resampled bilinearly (half-pixel centres) to `to`×`to` */
function upsample(p: Float32Array, side: number, to: number): Float32Array {
  if (side === to) return p;
  const out = new Float32Array(to * to);
  const scale = side / to;
  for (let y = 0; y < to; y++) {
    const sy = Math.min(side - 1, Math.max(0, (y + 0.5) * scale - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(side - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < to; x++) {
      const sx = Math.min(side - 1, Math.max(0, (x + 0.5) * scale - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(side - 1, x0 + 1);
      const fx = sx - x0;
      const top = p[y0 * side + x0]! * (1 - fx) + p[y0 * side + x1]! * fx;
      const bottom = p[y1 * side + x0]! * (1 - fx) + p[y1 * side + x1]! * fx;
      out[y * to + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}

const sameDecisions = (a: Float32Array, b: Float32Array) => a.filter((v, i) => v > 0.5 === b[i]! > 0.5).length;
const maskShare = (p: Float32Array) => p.filter((v) => v > 0.5).length / p.length;

/** the bottleneck map's mean per channel: what stays comparable between input sizes (the map's side follows the input's) */
function meanPerChannel([tap]: HairSegmentation['encoder']): Float64Array {
  if (!tap) throw new Error('hair segmentation without its encoder bottleneck');
  const out = new Float64Array(tap.channels);
  for (let i = 0; i < tap.data.length; i++) out[i % tap.channels]! += tap.data[i]! / (tap.height * tap.width);
  return out;
}

function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  const [ma, mb] = [mean(a), mean(b)];
  let [sab, saa, sbb] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const [da, db] = [a[i]! - ma, b[i]! - mb];
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return sab / Math.sqrt(saa * sbb);
}

const pct = (v: number) => `${(100 * v).toFixed(2)} %`;

const t0 = performance.now();
const { tf } = await sharedHuman();
const t1 = performance.now();
await warmUpHairSegmenter();
console.log(
  `tfjs runtime + face models: ${(t1 - t0).toFixed(0)} ms; hair model read and compiled (weights to tensors): ${(performance.now() - t1).toFixed(0)} ms`,
);

const files = FOLDERS.flatMap((d) => spread(d, perFolder));
// the engine's own decode (EXIF rotation, sRGB, long side ≤ 1024 px)
const photos = await Promise.all(files.map(async (f) => decodePhoto(new Uint8Array(await readFile(f)))));
console.log(
  `photos: ${photos.length} (${perFolder} per folder from ${FOLDERS.map((d) => path.basename(d)).join(', ')})`,
);

interface Timed {
  result: HairSegmentation;
  wallMs: number;
  cpuMs: number;
}
async function timed(segment: () => Promise<HairSegmentation>): Promise<Timed> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const result = await segment();
  const used = process.cpuUsage(cpu);
  return { result, wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 };
}

// one side at a time, after WARM_RUNS runs at that side
const bySide = new Map<number, Timed[]>();
const stretchMs = new Map<number, number[]>();
const segmenter = createHairSegmenter();
for (const side of SIDES) {
  const inputs: RgbImage[] = [];
  const times: number[] = [];
  for (const photo of photos) {
    const t = performance.now();
    inputs.push(await stretched(photo, side));
    times.push(performance.now() - t);
  }
  stretchMs.set(side, times);
  for (let i = 0; i < WARM_RUNS; i++) await segmenter.segment(inputs[i % inputs.length]!, side);
  const runs: Timed[] = [];
  for (const input of inputs) runs.push(await timed(() => segmenter.segment(input, side)));
  bySide.set(side, runs);
}

const full = bySide.get(512)!;
console.log(
  '\nside  wall p50  wall p95   CPU p50  stretch p50 | same decisions as 512: median  min | mask share r  encoder r (median)',
);
for (const side of SIDES) {
  const runs = bySide.get(side)!;
  const same = runs.map(
    (r, i) => sameDecisions(upsample(r.result.probability, side, 512), full[i]!.result.probability) / (512 * 512),
  );
  const shareR = pearson(
    runs.map((r) => maskShare(r.result.probability)),
    full.map((r) => maskShare(r.result.probability)),
  );
  const encoderR = quantile(
    runs.map((r, i) => pearson(meanPerChannel(r.result.encoder), meanPerChannel(full[i]!.result.encoder))),
    0.5,
  );
  const worst = same.indexOf(Math.min(...same));
  const ms = (v: number[], q: number) => `${quantile(v, q).toFixed(0)} ms`.padStart(8);
  console.log(
    `${String(side).padEnd(5)} ${ms(
      runs.map((r) => r.wallMs),
      0.5,
    )}  ${ms(
      runs.map((r) => r.wallMs),
      0.95,
    )}  ${ms(
      runs.map((r) => r.cpuMs),
      0.5,
    )}  ${ms(stretchMs.get(side)!, 0.5)}    | ${pct(quantile(same, 0.5)).padStart(30)}  ${pct(Math.min(...same))} | ${shareR.toFixed(4).padStart(12)}  ${encoderR.toFixed(4)}${side === 512 ? '' : `  (least alike: ${path.relative(datasetsRoot(), files[worst]!)})`}`,
  );
}

// the resize: tfjs bilinear (half-pixel centres, rounded to bytes) against sharp's default kernel, both at 512
async function bilinear(image: RgbImage, side: number): Promise<RgbImage> {
  const out = tf.tidy(() =>
    tf.cast(
      tf.round(
        tf.image.resizeBilinear(
          tf.tensor3d(image.rgb, [image.height, image.width, 3], 'int32'),
          [side, side],
          false,
          true,
        ),
      ),
      'int32',
    ),
  );
  const data = Uint8Array.from(await out.data());
  out.dispose();
  return { rgb: data, width: side, height: side };
}
const viaBilinear: HairSegmentation[] = [];
for (const photo of photos) viaBilinear.push(await segmenter.segment(await bilinear(photo, 512)));
const agreement = viaBilinear.map((r, i) => sameDecisions(r.probability, full[i]!.result.probability) / 512 ** 2);
const meanGap = viaBilinear.map((r, i) => Math.abs(mean(r.probability) - mean(full[i]!.result.probability)));
console.log(
  `\nresize at 512, tfjs bilinear vs sharp, ${photos.length} photos: same decisions median ${pct(quantile(agreement, 0.5))}, min ${pct(
    Math.min(...agreement),
  )}; |mean probability gap| median ${quantile(meanGap, 0.5).toExponential(2)}, max ${Math.max(...meanGap).toExponential(2)}`,
);

if (existsSync(path.join(referenceDir, 'reference.json'))) {
  const runs = JSON.parse(readFileSync(path.join(referenceDir, 'reference.json'), 'utf8')) as Array<{
    photo: string;
    decisionPng: string;
  }>;
  console.log('reference photos, decisions equal to the reference map (of 262,144):');
  for (const run of runs) {
    const decisions = await referenceDecisions(path.join(referenceDir, run.decisionPng));
    const count = (r: HairSegmentation) =>
      r.probability.filter((v, i) => v > 0.5 === decisions[i]! > 127).length.toLocaleString('en');
    const bytes = new Uint8Array(await readFile(path.join(datasetsRoot(), run.photo)));
    const decoded = await decodePhoto(bytes);
    const engine = await segmenter.segment(decoded);
    const viaTfjs = await segmenter.segment(await bilinear(decoded, 512));
    // the reference's own preparation: the full-size decode stretched by sharp
    const exact = await segmenter.segment(await asReferenceInput(bytes));
    console.log(
      `  ${run.photo}: full decode + sharp ${count(exact)}, engine decode + sharp (segment) ${count(engine)}, engine decode + tfjs bilinear ${count(viaTfjs)}`,
    );
  }
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
console.log(`\nload average now ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores, node ${process.version}`);
