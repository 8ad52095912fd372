import { readFile, writeFile } from 'node:fs/promises';
import { normalizePhoto, rawRgb } from '../lambdas/analysis/normalize.ts';
import { createLocalFaceDetector } from '../lambdas/analysis/local-detector.ts';
import { readLabels } from '../lambdas/analysis/eval/labels.ts';
const det = createLocalFaceDetector();
const out: any[] = [];
for (const d of ['portraits/men', 'portraits/women', 'norwood-front', 'norwood-groups']) {
  for (const p of readLabels('../shared/datasets/' + d)) {
    const n = await normalizePhoto(new Uint8Array(await readFile(p.path)));
    const inp = await rawRgb(n.jpeg, 384);
    const t = performance.now();
    const faces = await det.detect({ ...inp, jpeg: n.jpeg });
    out.push({ d, file: p.file, stage: p.stage, w: inp.width, h: inp.height, ms: Math.round(performance.now() - t), faces: faces.map((f) => ({ c: +f.confidence.toFixed(2), box: Object.values(f.box).map(Math.round), pose: f.pose && Object.values(f.pose).map(Math.round), age: f.ageRange, bm: f.landmarks.browMid, chin: f.landmarks.chin })) });
  }
}
await writeFile('/tmp/proto/survey.json', JSON.stringify(out));
