/** Made-up analyses and eval rows for the eval steps' tests: real words (score/reading.ts), no photo, no model. */
import {
  FITTED,
  rateStage,
  SCORE_MODEL,
  type HairlineAnalysis,
  type NamedFeatures,
  type ScoreModel,
} from '#lambdas/analysis/offline.ts';
import type { Measurements, PhotoView } from '#shared/schemas.ts';
import { DATASETS } from '#scripts/analysis/lib/labels.ts';
import type { EvalRow } from '#scripts/analysis/lib/eval/hold-out.ts';
import type { PhotoRow } from '#scripts/analysis/lib/eval/score-photos.ts';

const TOP: Measurements = {
  view: 'top',
  hairlineHeightRatio: null,
  templeRecession: null,
  frontalCoverage: 0.6,
  topCoverage: 0.6,
  bareTopShare: 0.3,
  strandTexture: 0.6,
  faceFound: false,
  confidence: 0.75,
};
const FRONT: Measurements = {
  ...TOP,
  view: 'front',
  hairlineHeightRatio: 0.9,
  templeRecession: 0.2,
  frontalCoverage: 0.9,
  faceFound: true,
};

/** every feature of the view's committed model, each a different multiple of `level` */
export function featuresOf(model: ScoreModel, level: number): NamedFeatures {
  return Object.fromEntries(FITTED.models[model].features.map((name, k) => [name, (level * ((k % 7) - 3)) / 10]));
}

/** an analysis whose words are said from `stage`, as the engine says them */
export function fakeAnalysis(stage: number, view: PhotoView = 'front', score?: number): HairlineAnalysis {
  const measurements = view === 'front' ? FRONT : { ...TOP, view };
  const reading = { stage, measurements, shine: 0.1, evenness: 0.8 };
  const said = rateStage(reading);
  return {
    ...said,
    score: score ?? said.score,
    measurements,
    captureConditions: {
      view,
      pitch: 0,
      yaw: 0,
      roll: 0,
      size: 0.3,
      brightness: 120,
      width: 800,
      height: 800,
      outline: {},
    },
    thumbnailJpeg: new Uint8Array(3),
    overlayJpeg: new Uint8Array([1, 2, 3, 4]),
    scoreInputs: { view, features: featuresOf(SCORE_MODEL[view], stage) },
    reading,
  };
}

let next = 1n;
/** a photo's eight orientation hashes, 256 bits each, far from every other photo's (a different photo) */
export function newHash(): bigint[] {
  let h = 0n;
  for (let k = 0; k < 8; k++) h = (h << 32n) | BigInt(Math.imul(Number(next++), 2654435761) >>> 0);
  return Array<bigint>(8).fill(h);
}

/** a row of a portraits/men photo (a dev folder) with the given label, scored unless `rejected` is given */
export function photoRow(stage: number, over: Partial<PhotoRow> = {}): PhotoRow {
  return {
    set: 'portraits/men',
    dir: '/data/portraits/men',
    info: DATASETS['portraits/men']!,
    file: `${stage}-${next}.jpg`,
    stage,
    hash: newHash(),
    ...(over.rejected ? {} : { analysis: fakeAnalysis(stage) }),
    ...over,
  };
}

/** a held-out row whose held-out score is given */
export function evalRow(stage: number, heldOutScore: number, over: Partial<EvalRow> = {}): EvalRow {
  const row = photoRow(stage, over);
  return {
    ...row,
    group: Number(row.hash[0]! % 100000n),
    ...(row.analysis ? { heldOutScore, heldOutNorwood: stage, heldOutWords: row.analysis, contradictions: [] } : {}),
    ...over,
  };
}
