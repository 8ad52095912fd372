/**
 * Latency of analyzeHairline with the local models: model load time, then warm median and p95 per photo over the
 * labelled folders, and peak RSS. Usage: npx tsx scripts/bench/analysis.ts [--limit N per folder] [--aws]
 * [--models-on-main-thread] [--describe-faces] [dir ...]
 * --aws measures the engine as the AWS function runs it: the face model's own age estimate off, since Rekognition
 * answers the age check there (its JPEG is encoded; its network round trip is not counted).
 * --models-on-main-thread runs the hair and person models and the age estimate on the main thread, after the face
 * search, instead of on their own thread beside it: the comparison for the thread's gain, and the latency of a machine
 * with one core.
 * --describe-faces asks for the face descriptor too, as for a user with progress tracking on (docs/analysis.md, "Is
 * this you?"): locally it comes out of the age check's faceres run, in AWS (--aws) faceres runs for it alone.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  analyzeHairline,
  createModelDeps,
  createRekognitionAgeEstimator,
  warmUpModels,
  type AnalysisDeps,
} from '#lambdas/analysis/index.ts';
import { warmUpLocalDetector } from '#lambdas/analysis/offline.ts';
import { readLabels } from '#scripts/analysis/lib/labels.ts';
import { readArgs, numberArg } from '#scripts/lib/cli.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { DEV_FOLDERS, requireLabelledFolders } from '#scripts/lib/datasets.ts';
import { runModelsStep } from '#infra/models/models-step.ts';
import { quantile } from '#shared/statistics.ts';

const USAGE =
  'npm run bench:analysis -- [--limit N per folder] [--aws] [--models-on-main-thread] [--describe-faces] [dir ...]';
const { values, positionals: dirs } = readArgs(USAGE, {
  limit: { type: 'string' },
  aws: { type: 'boolean' },
  'models-on-main-thread': { type: 'boolean' },
  'describe-faces': { type: 'boolean' },
});
const analysisOptions = { describeFace: values['describe-faces'] === true };
const limit = numberArg(USAGE, 'limit', values.limit, Infinity);
if (dirs.length === 0) dirs.push(...DEV_FOLDERS.map((d) => path.join(datasetsRoot(), d)));
requireLabelledFolders('bench:analysis', dirs);
await runModelsStep();

let peakRss = process.memoryUsage().rss;
const sampleRss = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
const modelThread = !values['models-on-main-thread'];
const t0 = performance.now();
// with the models on the main thread the masks' and the age model load at the first, untimed, photo instead
if (modelThread) await warmUpModels({ faceAges: !values.aws });
else await warmUpLocalDetector();
const loadMs = performance.now() - t0;
const deps: AnalysisDeps = values.aws
  ? {
      ...createModelDeps({ faceAges: false, modelThread }),
      // Rekognition's adapter with an answer of no face: its JPEG is encoded, its round trip not counted
      ageEstimator: createRekognitionAgeEstimator({ send: () => Promise.resolve({ FaceDetails: [] }) }),
    }
  : createModelDeps({ modelThread });

const files = dirs.flatMap((d) =>
  readLabels(d)
    .slice(0, limit)
    .map((p) => p.path),
);
await analyzeHairline({ face: new Uint8Array(await readFile(files[0]!)) }, deps, analysisOptions).catch(
  () => undefined,
);
const times: number[] = [];
// CPU time of this process per photo: on a shared machine it shows the cost without other jobs' contention
const cpuTimes: number[] = [];
// the face photos' own figures: only they run the age check, the face's measurement and (locally) the age model
const byKind = new Map<string, number[]>();
for (const f of files) {
  const bytes = new Uint8Array(await readFile(f));
  const t = performance.now();
  const c = process.cpuUsage();
  const result = await analyzeHairline({ face: bytes }, deps, analysisOptions).catch(() => undefined);
  const used = process.cpuUsage(c);
  const wall = performance.now() - t;
  const kind = !result ? 'refused' : result.measurements.faceFound ? 'with a face found' : 'without a face found';
  byKind.set(kind, (byKind.get(kind) ?? []).concat(wall));
  times.push(wall);
  cpuTimes.push((used.user + used.system) / 1000);
  sampleRss();
}
const q = (p: number) => quantile(times, p);
times.sort((a, b) => a - b);
console.log(
  values.aws
    ? 'age check: as in AWS (Rekognition answers it; its round trip not counted)'
    : "age check: the face model's own estimate (local)",
);
console.log(
  `masks${values.aws ? '' : ' and age model'}: ${modelThread ? 'on their own thread, beside the face search' : 'on the main thread'}`,
);
console.log(`face descriptor: ${analysisOptions.describeFace ? 'asked for (progress tracking on)' : 'not asked for'}`);
console.log(`model load: ${loadMs.toFixed(0)} ms`);
console.log(
  `photos: ${times.length} (warm)  p50: ${q(0.5).toFixed(0)} ms  p95: ${q(0.95).toFixed(0)} ms  max: ${times[times.length - 1]!.toFixed(0)} ms`,
);
for (const [kind, ms] of byKind) {
  console.log(
    `  ${kind}: ${ms.length}  p50: ${quantile(ms, 0.5).toFixed(0)} ms  p95: ${quantile(ms, 0.95).toFixed(0)} ms`,
  );
}
console.log(
  `CPU time per photo: p50 ${quantile(cpuTimes, 0.5).toFixed(0)} ms  p95 ${quantile(cpuTimes, 0.95).toFixed(0)} ms (load average now ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
);
console.log(`peak RSS: ${(peakRss / 1048576).toFixed(0)} MB`);
