/**
 * The analysis engine behind the domain's small function types: face detector chosen by FACE_DETECTOR
 * (in-process model locally, Rekognition DetectFaces in AWS), made once per cold start; engine rejections become 422s.
 */
import { RekognitionClient } from '@aws-sdk/client-rekognition';
import {
  AnalysisRejectedError,
  analyzeHairline,
  createLocalFaceDetector,
  createRekognitionFaceDetector,
  normalizePhoto,
  type FaceDetector,
} from '../analysis/index.ts';
import type { Env } from '../config/env.ts';
import type { Analyze } from '../domain/analyze.ts';
import { pixelBudgetVerdict } from '../domain/images.ts';
import { API_MESSAGES } from '../domain/messages.ts';
import { unprocessable } from '../http/errors.ts';

export function createFaceDetector(env: Pick<Env, 'FACE_DETECTOR' | 'AWS_REGION'>): FaceDetector {
  if (env.FACE_DETECTOR === 'rekognition') return createRekognitionFaceDetector(new RekognitionClient({ region: env.AWS_REGION }));
  return createLocalFaceDetector();
}

function rejectionToHttp(err: unknown): never {
  if (err instanceof AnalysisRejectedError) throw unprocessable(err.message, { code: err.code });
  throw err;
}

/** Refuses decompression bombs from the header alone, before any decoder allocates the pixels. */
async function guardPixels(bytes: Uint8Array): Promise<void> {
  const verdict = await pixelBudgetVerdict(bytes);
  if (verdict === 'too_many_pixels') throw unprocessable(API_MESSAGES.tooManyPixels, { code: verdict });
  if (verdict === 'bad_shape') throw unprocessable(API_MESSAGES.badShape, { code: verdict });
}

export function createAnalyzer(faceDetector: () => FaceDetector): Analyze {
  return async (bytes) => {
    await guardPixels(bytes);
    return analyzeHairline(bytes, { faceDetector: faceDetector() }).catch(rejectionToHttp);
  };
}

export function createNormalizer(): (bytes: Uint8Array) => Promise<{ jpeg: Uint8Array; width: number; height: number }> {
  return async (bytes) => {
    await guardPixels(bytes);
    return normalizePhoto(bytes).catch(rejectionToHttp);
  };
}

let detector: FaceDetector | undefined;
let analyzer: Analyze | undefined;
let normalizer: ReturnType<typeof createNormalizer> | undefined;

/** The process-wide analyzer (the face detector, and its model, made once per cold start). */
export function defaultAnalyzer(env: Pick<Env, 'FACE_DETECTOR' | 'AWS_REGION'>): Analyze {
  analyzer ??= createAnalyzer(() => (detector ??= createFaceDetector(env)));
  return analyzer;
}

export function defaultNormalizer(): ReturnType<typeof createNormalizer> {
  normalizer ??= createNormalizer();
  return normalizer;
}
