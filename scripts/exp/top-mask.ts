// experiment: does the person mask help the top view? reads features4.csv rows (top view) and adds mask-based features
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { normalizePhoto, rawRgb } from '../../lambdas/analysis/normalize.ts';
import { toPixelMaps, median, inSkinBox } from '../../lambdas/analysis/pixels.ts';
import { createPersonSegmenter } from '../../lambdas/analysis/person-segmenter.ts';
import { discIndices, HEAD_RADIUS, WORK_SIDE } from '../../lambdas/analysis/features.ts';
import { estimateSkin, isHairLike } from '../../lambdas/analysis/segment.ts';
import { crossValidate, groupedFolds, randomFolds, fitAll, type FitRow } from '../../lambdas/analysis/eval/fit.ts';
import { groupByHash } from '../../lambdas/analysis/eval/phash.ts';
import { spearman } from '../../lambdas/analysis/eval/stats.ts';
import { FITTED } from '../../lambdas/analysis/model.ts';
const seg = createPersonSegmenter();
const lines = readFileSync(process.argv[2]!, 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
const rows: any[] = [];
for (const [set, file, stage, target, view, hash, ...x] of lines) {
  if (view !== 'top') continue;
  const n = await normalizePhoto(new Uint8Array(await readFile(`../shared/datasets/${set}/${file}`)));
  const maps = toPixelMaps(await rawRgb(n.jpeg, WORK_SIDE));
  const mask = await seg.segment(await rawRgb(n.jpeg, 256));
  const head = discIndices(maps.width, maps.height, HEAD_RADIUS);
  const inMask = head.filter((i) => { const xx = i % maps.width, yy = Math.floor(i / maps.width); return mask.data[Math.floor(yy * mask.height / maps.height) * mask.width + Math.floor(xx * mask.width / maps.width)]! > 0.5; });
  const skinCol = inMask.filter((i) => maps.luma[i]! > 40 && inSkinBox(maps.cb[i]!, maps.cr[i]!)).sort((a, b) => maps.texture[a]! - maps.texture[b]!);
  const skin = estimateSkin(maps, skinCol.slice(0, Math.max(30, Math.floor(0.3 * skinCol.length))));
  const hair = inMask.filter((i) => isHairLike(maps, skin, i)).length;
  const extra = [inMask.length / head.length, inMask.length ? hair / inMask.length : 0, Math.log((inMask.length ? median(inMask.map((i) => maps.texture[i]!)) : 0) + 0.01)];
  rows.push({ set, stage: Number(stage), target: Number(target), hash: hash!.split(';').map(BigInt), base: x.map(Number), extra });
}
const groups = groupByHash(rows.map((r) => r.hash));
for (const variant of ['base', 'base+mask'] as const) {
  const fr: FitRow[] = rows.map((r) => ({ view: 'top', target: r.target, features: variant === 'base' ? r.base : [...r.base, ...r.extra] }));
  const fb = { ...FITTED, top: fitAll(fr).top };
  const g = crossValidate(fr, groupedFolds(groups), fb), rnd = crossValidate(fr, randomFolds(fr.length), fb);
  for (const set of ['norwood-front', 'norwood-groups']) {
    const idx = rows.map((r, i) => (r.set === set ? i : -1)).filter((i) => i >= 0);
    const ins = fitAll(fr).top;
    const pred = fr.map((r) => ins.intercept + r.features.reduce((s, v, k) => s + ins.weights[k]! * (v - ins.mean[k]!) / ins.sd[k]!, 0));
    console.log(variant, set, 'in-sample', spearman(idx.map((i) => pred[i]!), idx.map((i) => rows[i].stage)).toFixed(3), 'random', spearman(idx.map((i) => rnd[i]!), idx.map((i) => rows[i].stage)).toFixed(3), 'grouped', spearman(idx.map((i) => g[i]!), idx.map((i) => rows[i].stage)).toFixed(3));
  }
}
