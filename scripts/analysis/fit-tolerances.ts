/**
 * The retake tolerances from measurement: each capture condition (roll, face size, brightness, photo size) is moved by a
 * growing amount over a sample of the dev photos (scripts/analysis/lib/condition-sweeps.ts), each photo scored against
 * itself unchanged; a condition's tolerance is the largest amount, in both directions, for which the median |Δscore|
 * stays ≤ 3 (a refused photo counts as a larger change), expressed as the change the engine itself MEASURES on the
 * transformed photos (its capture conditions), which is what shared/comparable.ts compares. Re-run it when the engine
 * changes; --write rewrites shared/retake-tolerances.ts with the figures in its comment.
 * Usage: npm run fit:tolerances -- [--photos N] [--write]   (DATASETS_DIR: the dev sets, default ../shared/datasets)
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AnalysisRejectedError,
  analyzeHairline,
  createModelDeps,
  type HairlineAnalysis,
} from '#lambdas/analysis/index.ts';
import type { CaptureConditions } from '#shared/schemas.ts';
import { readLabels } from './lib/labels.ts';
import { SWEEPS, type Sweep } from './lib/condition-sweeps.ts';
import { numberArg, readArgs } from '#scripts/lib/cli.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { DEV_FOLDERS, requireLabelledFolders } from '#scripts/lib/datasets.ts';
import { runModelsStep } from '#infra/models/models-step.ts';
import { median, round3 } from '#shared/statistics.ts';

const USAGE = 'npm run fit:tolerances -- [--photos N] [--write]';
const { values } = readArgs(USAGE, { photos: { type: 'string' }, write: { type: 'boolean' } });
const wanted = numberArg(USAGE, 'photos', values.photos, 24);
/** the score may move this much (median over the photos) before two photos stop being comparable */
const MAX_MEDIAN_CHANGE = 3;
const dirs = DEV_FOLDERS.map((d) => path.join(datasetsRoot(), d));
requireLabelledFolders('fit:tolerances', dirs);
await runModelsStep();
const deps = createModelDeps();

async function score(bytes: Uint8Array): Promise<HairlineAnalysis | undefined> {
  try {
    return await analyzeHairline({ face: bytes }, deps);
  } catch (e) {
    if (e instanceof AnalysisRejectedError) return undefined;
    throw e;
  }
}

// an even spread over the four dev folders, photos the engine scores as they are
const all = dirs.flatMap((d) => readLabels(d));
const step = Math.max(1, Math.floor(all.length / wanted));
const sample: { file: string; bytes: Uint8Array; base: HairlineAnalysis }[] = [];
for (let i = 0; i < all.length && sample.length < wanted; i += step) {
  const bytes = new Uint8Array(await readFile(all[i]!.path));
  const base = await score(bytes);
  if (base) sample.push({ file: all[i]!.path, bytes, base });
}
console.log(`${sample.length} photos (every ${step}th of ${all.length} in ${DEV_FOLDERS.join(', ')})`);

/** the engine's own reading of how far the condition moved between the photo and its transformed copy */
function measuredChange(condition: Sweep['condition'], before: CaptureConditions, now: CaptureConditions) {
  const ratio = (a: number | null, b: number | null) => (a && b ? Math.max(a, b) / Math.min(a, b) : undefined);
  switch (condition) {
    case 'roll':
      return before.roll !== null && now.roll !== null ? Math.abs(now.roll - before.roll) : undefined;
    case 'size':
      return ratio(now.size, before.size);
    case 'brightness':
      return ratio(now.brightness, before.brightness);
    case 'resolution':
      return ratio(Math.max(now.width, now.height), Math.max(before.width, before.height));
  }
}

interface StepFigure {
  direction: string;
  amount: number;
  medianChange: number;
  refused: number;
  measured: number;
}
const figures: StepFigure[] = [];
const tolerance: Partial<Record<Sweep['condition'], { amount: number; measured: number; atLargestStep: boolean }>> = {};

for (const sweep of SWEEPS) {
  // per direction, the steps up to the first one that moves the score too much
  const passing: Map<number, number[]> = new Map();
  for (const direction of sweep.directions) {
    for (const amount of sweep.steps) {
      const changes: number[] = [],
        measured: number[] = [];
      let refused = 0;
      for (const photo of sample) {
        const out = await score(new Uint8Array(await direction.apply(photo.bytes, amount)));
        if (!out) {
          refused++;
          changes.push(Infinity);
          continue;
        }
        changes.push(Math.abs(out.score - photo.base.score));
        const m = measuredChange(sweep.condition, photo.base.captureConditions, out.captureConditions);
        if (m !== undefined) measured.push(m);
      }
      const figure = {
        direction: direction.name,
        amount,
        medianChange: median(changes),
        refused,
        measured: round3(median(measured)),
      };
      figures.push(figure);
      console.log(
        `${sweep.condition.padEnd(10)} ${direction.name.padEnd(11)} ${String(amount).padEnd(5)} median |Δscore| ${figure.medianChange}` +
          `  refused ${refused}/${sample.length}  measured ${figure.measured}`,
      );
      if (figure.medianChange > MAX_MEDIAN_CHANGE) break;
      passing.set(amount, [...(passing.get(amount) ?? []), figure.measured]);
    }
  }
  // the largest amount that passed in every direction; its tolerance is the smallest change measured there
  const both = [...passing.entries()].filter(([, m]) => m.length === sweep.directions.length);
  const best = both.at(-1);
  const contiguous = best && sweep.steps.slice(0, sweep.steps.indexOf(best[0]) + 1).every((s) => passing.has(s));
  if (best && contiguous)
    tolerance[sweep.condition] = {
      amount: best[0],
      measured: Math.min(...best[1]),
      atLargestStep: best[0] === sweep.steps.at(-1),
    };
  console.log(
    `→ ${sweep.condition}: ${best && contiguous ? `up to ${best[0]} (measured ${Math.min(...best[1])})` : 'no step keeps the median within 3'}`,
  );
}

const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
const load = os.loadavg()[0]!.toFixed(2);
const pick = (c: Sweep['condition'], fallback: number, digits: number) => {
  const t = tolerance[c];
  return t && Number.isFinite(t.measured) ? Number(t.measured.toFixed(digits)) : fallback;
};
const roll = pick('roll', SWEEPS[0]!.steps[0]!, 1);
const result = {
  rollDegrees: roll,
  poseDegrees: roll,
  sizeRatio: pick('size', 1, 3),
  brightnessRatio: pick('brightness', 1, 3),
  resolutionRatio: pick('resolution', 1, 2),
};
console.log('\nRETAKE_TOLERANCES', JSON.stringify(result));

const lines = (c: Sweep['condition']) =>
  figures
    .filter((f) => SWEEPS.find((s) => s.condition === c)!.directions.some((d) => d.name === f.direction))
    .map(
      (f) =>
        `${f.direction}${f.amount}: ${f.medianChange} (measured ${f.measured}${f.refused ? `, ${f.refused} refused` : ''})`,
    )
    .join('; ');
const file = `/**
 * How far each capture condition may move between two photos before the score moves by more than ${MAX_MEDIAN_CHANGE} points: the largest
 * move, in both directions, for which the median |Δscore| over ${sample.length} dev photos (each against itself transformed) stays
 * within ${MAX_MEDIAN_CHANGE}, as the engine measures the move on the transformed photos (its capture conditions). Written by
 * \`nice -n 15 npm run fit:tolerances -- --photos ${wanted} --write\` on ${date} UTC (load average ${load}, ${os.cpus().length} cores);
 * docs/analysis.md ("Comparable photos") explains them. Median |Δscore| per step (measured move):
${(['roll', 'size', 'brightness', 'resolution'] as const).map((c) => wrap(` * ${c}: ${lines(c)}`)).join('\n')}${bounded()}
 */
export const RETAKE_TOLERANCES = {
  /** in-plane rotation (roll), degrees */
  rollDegrees: ${result.rollDegrees},
  /** turn and tip (yaw, pitch), degrees: no 2D transform of one photo turns a head, so the roll figure stands in */
  poseDegrees: ${result.poseDegrees},
  /** face (or head) size relative to the photo: the larger over the smaller */
  sizeRatio: ${result.sizeRatio},
  /** mean luma: the brighter over the dimmer */
  brightnessRatio: ${result.brightnessRatio},
  /** the photo's long side: the larger over the smaller */
  resolutionRatio: ${result.resolutionRatio},
} as const;
`;

/** the conditions whose largest step still passed: their tolerance is a lower bound, set by the sweep's range */
function bounded(): string {
  const at = SWEEPS.filter((s) => tolerance[s.condition]?.atLargestStep).map((s) => s.condition);
  return at.length ? '\n' + wrap(` * ${at.join(', ')}: the largest step tried still passed (a lower bound).`) : '';
}

/** a comment line (` * ` and its text) wrapped at 120 characters */
function wrap(line: string): string {
  const out: string[] = [];
  let current = ' *';
  for (const word of line.replace(/^ \* /, '').split(' ')) {
    if (current.length > 3 && (current + ' ' + word).length > 118) {
      out.push(current);
      current = ' *  ' + word;
    } else current = current + ' ' + word;
  }
  return [...out, current].join('\n');
}

if (values.write) {
  await writeFile(path.join(import.meta.dirname, '..', '..', 'shared', 'retake-tolerances.ts'), file);
  console.log('wrote shared/retake-tolerances.ts');
}
