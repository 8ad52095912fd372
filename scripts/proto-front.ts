import { readFile, writeFile, mkdir } from 'node:fs/promises';
import sharp from 'sharp';
import { normalizePhoto, rawRgb } from '../lambdas/analysis/normalize.ts';
import { createLocalFaceDetector } from '../lambdas/analysis/local-detector.ts';
import { createPersonSegmenter } from '../lambdas/analysis/person-segmenter.ts';
import { toPixelMaps } from '../lambdas/analysis/pixels.ts';
import { faceAxes, sampleFaceGrid, toImage, gridX, gridY } from '../lambdas/analysis/face-grid.ts';
import { faceSkin, classify, traceFrontHairline, measureFront, CLASS } from '../lambdas/analysis/front.ts';
import { readLabels } from '../lambdas/analysis/eval/labels.ts';
import { spearman } from '../lambdas/analysis/eval/stats.ts';
const det = createLocalFaceDetector(); const seg = createPersonSegmenter();
const dir = process.argv[2]!; const lim = Number(process.argv[3] ?? 20); const draw = process.argv[4] === 'draw';
await mkdir('/tmp/proto/ov', { recursive: true });
const rows: any[] = [];
for (const p of readLabels(dir).slice(0, lim)) {
  const n = await normalizePhoto(new Uint8Array(await readFile(p.path)));
  const d = await rawRgb(n.jpeg, 384);
  const faces = await det.detect({ ...d, jpeg: n.jpeg });
  const f = faces[0]; if (!f) { rows.push({ file: p.file, stage: p.stage, noface: true }); continue; }
  const work = await rawRgb(n.jpeg, 512);
  const maps = toPixelMaps(work);
  const s = work.width / d.width;
  const lm: any = {}; for (const [k, v] of Object.entries(f.landmarks)) lm[k] = { x: v.x * s, y: v.y * s };
  const axes = faceAxes(lm)!;
  const mask = await seg.segment(await rawRgb(n.jpeg, 256));
  const grid = sampleFaceGrid(maps, mask, axes);
  const skin = faceSkin(grid);
  const cls = classify(grid, skin);
  const tr = traceFrontHairline(grid, cls);
  const m = measureFront(grid, cls, tr, skin);
  rows.push({ file: p.file, stage: p.stage, ...Object.fromEntries(Object.entries(m).map(([k, v]) => [k, +v.toFixed(3)])), pitch: f.pose?.pitch?.toFixed(0) });
  if (draw) {
    const W = work.width, H = work.height;
    const rects: string[] = [];
    for (let r = 0; r < grid.rows; r += 2) for (let c = 0; c < grid.cols; c += 2) {
      const k = cls[r * grid.cols + c]; if (!k) continue;
      const q = toImage(axes, gridX(c), gridY(r));
      rects.push(`<circle cx="${q.x.toFixed(1)}" cy="${q.y.toFixed(1)}" r="1.5" fill="${k === CLASS.skin ? '#ff0' : '#0af'}" fill-opacity="0.6"/>`);
    }
    const line = tr.height.map((h, c) => h === undefined ? null : toImage(axes, gridX(c), h)).filter(Boolean).map((q: any) => `${q.x.toFixed(1)},${q.y.toFixed(1)}`).join(' ');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${rects.join('')}<polyline points="${line}" fill="none" stroke="#f00" stroke-width="2"/></svg>`;
    await sharp(work.rgb, { raw: { width: W, height: H, channels: 3 } }).composite([{ input: Buffer.from(svg) }]).png().toFile(`/tmp/proto/ov/${p.stage}-${p.file}.png`);
  }
}
for (const r of rows) console.log(JSON.stringify(r));
const ok = rows.filter((r) => !r.noface);
for (const k of ['hairDepth', 'foreheadHeight', 'templeLeft', 'frontalCoverage', 'topCoverage', 'texture', 'shine', 'bareWidth']) console.log(k, spearman(ok.map((r) => r[k]), ok.map((r) => r.stage)).toFixed(3));
