/**
 * The analysis engine behind the domain's small function types. The in-process models (face mesh, person mask) run
 * everywhere, so a photo scores the same in AWS as locally; AGE_ESTIMATOR picks the 18+ check's source (the local
 * model's estimate, or Rekognition DetectFaces in AWS). Made once per cold start; engine rejections become the
 * domain's 'photo-refused' errors naming the photo refused, and a missing model file its 'analysis-unavailable' error,
 * before any credit is taken.
 */
import { RekognitionClient } from '@aws-sdk/client-rekognition';
import {
  AnalysisRejectedError,
  analyzeHairline,
  createModelDeps,
  createRekognitionAgeEstimator,
  normalizePhoto,
  warmUpModels,
  type AnalysisDeps,
  type PhotoRole,
} from '../analysis/index.ts';
import { ModelUnavailableError, requireModelFile } from '../config/model-files.ts';
import type { Env } from '../config/env.ts';
import type { Analyze } from '../domain/analyze.ts';
import { analysisUnavailable, photoRefused } from '../domain/errors.ts';
import { pixelBudgetVerdict } from '../domain/images.ts';
import { API_MESSAGES } from '../domain/messages.ts';
import { logger } from '../logging.ts';

export function createAnalysisDeps(env: Pick<Env, 'AGE_ESTIMATOR' | 'AWS_REGION'>): AnalysisDeps {
  if (env.AGE_ESTIMATOR === 'local') return createModelDeps();
  return {
    ...createModelDeps({ faceAges: false }),
    ageEstimator: createRekognitionAgeEstimator(new RekognitionClient({ region: env.AWS_REGION })),
  };
}

function rejectionToRefusal(err: unknown): never {
  if (err instanceof AnalysisRejectedError) throw photoRefused(err.message, err.code);
  throw err;
}

/** Refuses decompression bombs from the header alone, before any decoder allocates the pixels. */
async function guardPixels(bytes: Uint8Array, photo?: PhotoRole): Promise<void> {
  const verdict = await pixelBudgetVerdict(bytes);
  if (verdict === 'too_many_pixels') throw photoRefused(API_MESSAGES.tooManyPixels, verdict, photo);
  if (verdict === 'bad_shape') throw photoRefused(API_MESSAGES.badShape, verdict, photo);
}

export function createAnalyzer(deps: () => AnalysisDeps): Analyze {
  return async (photos, opts = {}) => {
    await guardPixels(photos.face, 'face');
    if (photos.crown) await guardPixels(photos.crown, 'crown');
    return analyzeHairline(photos, deps(), opts).catch((err: unknown) => {
      throw err instanceof AnalysisRejectedError ? photoRefused(err.message, err.code, err.photo) : err;
    });
  };
}

export function createNormalizer(): (
  bytes: Uint8Array,
) => Promise<{ jpeg: Uint8Array; width: number; height: number }> {
  return async (bytes) => {
    await guardPixels(bytes);
    return normalizePhoto(bytes).catch(rejectionToRefusal);
  };
}

let analysisDeps: AnalysisDeps | undefined;
let analyzer: Analyze | undefined;
let normalizer: ReturnType<typeof createNormalizer> | undefined;

/**
 * The third-party model files the engine loads (shared/model-files.ts) must be in the cache: checked on every request,
 * since the handler asks for its analyzer before the domain reserves the credit.
 */
function requireModelFiles(): void {
  try {
    requireModelFile('mediapipe-hair-segmentation');
  } catch (err) {
    if (!(err instanceof ModelUnavailableError)) throw err;
    logger.error('analysis unavailable', { missing: err.file });
    throw analysisUnavailable();
  }
}

/** The process-wide analyzer (the models, and the Rekognition client, made once per cold start). */
export function defaultAnalyzer(env: Pick<Env, 'AGE_ESTIMATOR' | 'AWS_REGION'>): Analyze {
  requireModelFiles();
  analyzer ??= createAnalyzer(() => (analysisDeps ??= createAnalysisDeps(env)));
  return analyzer;
}

/** The models loaded ahead of the first photo: the analysis Lambda's init phase. */
export const warmUpAnalyzer = warmUpModels;

export function defaultNormalizer(): ReturnType<typeof createNormalizer> {
  normalizer ??= createNormalizer();
  return normalizer;
}
