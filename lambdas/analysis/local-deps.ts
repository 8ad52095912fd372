import { createHairSegmenter } from './hair-mask/index.ts';
import { createLocalFaceDetector } from './faces/local-detector.ts';
import { createFaceAgeEstimator, estimateAge } from './faces/face-age.ts';
import { createPersonSegmenter } from './person/person-segmenter.ts';
import {
  createThreadedHairSegmenter,
  createThreadedPersonSegmenter,
  threadedAgeEstimate,
} from './models/model-thread.ts';
import type { AnalysisDeps } from './engine.ts';

export interface ModelDepsOptions {
  /** the face model's own age estimate for the 18+ check; false where another source answers it (Rekognition) */
  faceAges?: boolean;
  /** the masks and the age estimate on worker threads of their own, beside the face search (models/model-thread.ts) */
  modelThread?: boolean;
}

/** The in-process models every analysis runs, and with `faceAges` the local age check; the caller adds another one. */
export function createModelDeps({ faceAges = true, modelThread = true }: ModelDepsOptions = {}): AnalysisDeps {
  return {
    faceDetector: createLocalFaceDetector({ crops: faceAges }),
    personSegmenter: modelThread ? createThreadedPersonSegmenter() : createPersonSegmenter(),
    hairSegmenter: modelThread ? createThreadedHairSegmenter() : createHairSegmenter(),
    ...(faceAges ? { ageEstimator: createFaceAgeEstimator(modelThread ? threadedAgeEstimate : estimateAge) } : {}),
  };
}
