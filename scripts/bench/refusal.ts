/**
 * What a refused photo costs us: for each kind of refusal the engine can be made to give locally, the median wall and
 * CPU time of several analyses, and how many model calls it made (general face detector, tipped-face search, person
 * mask, the age estimator that is Rekognition's paid DetectFaces in AWS). Usage: npm run bench:refusal [-- --runs N]
 */
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { AnalysisRejectedError, analyzeHairline, createModelDeps, type AnalysisDeps } from '#lambdas/analysis/index.ts';
import { warmUpModels } from '#lambdas/analysis/index.ts';
import { numberArg, readArgs } from '#scripts/lib/cli.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { requireLabelledFolders } from '#scripts/lib/datasets.ts';
import { readNamedPhoto } from '#test/support/dataset-photos.ts';
import { runModelsStep } from '#infra/models/models-step.ts';
import { median } from '#shared/statistics.ts';

const USAGE = 'npm run bench:refusal -- [--runs N]';
const RUNS = numberArg(USAGE, 'runs', readArgs(USAGE, { runs: { type: 'string' } }).values.runs, 7);
await runModelsStep();
requireLabelledFolders('bench:refusal', [
  path.join(datasetsRoot(), 'portraits/men'),
  path.join(datasetsRoot(), 'norwood-front'),
]);

const calls = { detect: 0, tipped: 0, mask: 0, hair: 0, age: 0 };
const models = createModelDeps({ faceAges: false });
const detector = models.faceDetector;
const segmenter = models.personSegmenter;
const deps: AnalysisDeps = {
  hairSegmenter: {
    segment: (img) => {
      calls.hair++;
      return models.hairSegmenter.segment(img);
    },
  },
  faceDetector: {
    detect: (img) => {
      calls.detect++;
      return detector.detect(img);
    },
    findTipped: (img) => {
      calls.tipped++;
      return detector.findTipped!(img);
    },
  },
  personSegmenter: {
    segment: (img) => {
      calls.mask++;
      return segmenter.segment(img);
    },
  },
  // counted as the paid check it is in AWS: it runs last, after every other check passed
  ageEstimator: {
    paid: true,
    ageRange: async () => {
      calls.age++;
      return { low: 30, high: 40 };
    },
  },
};

let s = 7;
const noise = Buffer.alloc(256 * 256 * 3).map(() => {
  s = (s * 1103515245 + 12345) >>> 0;
  return s >>> 24;
});
const portrait = await readNamedPhoto('portrait-full-1');
const cases: [string, Buffer][] = [
  ['not an image', Buffer.from('definitely not a photo')],
  ['too dark', await sharp(portrait).linear(0.12, 0).jpeg().toBuffer()],
  ['blurred', await sharp(portrait).blur(10).jpeg().toBuffer()],
  [
    'no face, no scalp (noise)',
    await sharp(noise, { raw: { width: 256, height: 256, channels: 3 } })
      .png()
      .toBuffer(),
  ],
  [
    'two people',
    await sharp({ create: { width: 640, height: 400, channels: 3, background: '#808080' } })
      .composite([
        {
          input: await sharp(await readNamedPhoto('face-1'))
            .resize(240, 240)
            .toBuffer(),
          left: 40,
          top: 80,
        },
        {
          input: await sharp(await readNamedPhoto('face-1'))
            .resize(240, 240)
            .toBuffer(),
          left: 360,
          top: 80,
        },
      ])
      .jpeg()
      .toBuffer(),
  ],
  ['accepted portrait (for comparison)', portrait],
];

await warmUpModels();
console.log(
  `refusal path, ${RUNS} runs each, warm models (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
);
console.log(
  'case                                 outcome            wall p50   CPU p50   detector  tipped search  person mask  hair mask  age check',
);
for (const [name, bytes] of cases) {
  const wall: number[] = [],
    cpu: number[] = [];
  let outcome = '';
  for (let i = 0; i < RUNS; i++) {
    Object.assign(calls, { detect: 0, tipped: 0, mask: 0, hair: 0, age: 0 });
    const t = performance.now(),
      c = process.cpuUsage();
    try {
      await analyzeHairline({ face: new Uint8Array(bytes) }, deps);
      outcome = 'scored';
    } catch (e) {
      if (!(e instanceof AnalysisRejectedError)) throw e;
      outcome = e.code;
    }
    const used = process.cpuUsage(c);
    wall.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
  console.log(
    `${name.padEnd(36)} ${outcome.padEnd(18)} ${median(wall).toFixed(0).padStart(6)} ms ${median(cpu).toFixed(0).padStart(6)} ms ${String(calls.detect).padStart(9)} ${String(calls.tipped).padStart(14)} ${String(calls.mask).padStart(12)} ${String(calls.hair).padStart(10)} ${String(calls.age).padStart(10)}`,
  );
}
