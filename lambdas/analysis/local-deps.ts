import { createHairSegmenter, createThreadedHairSegmenter } from './hair-mask/index.ts';
import { createLocalFaceDetector } from './faces/local-detector.ts';
import { createPersonSegmenter } from './person/person-segmenter.ts';
import type { AnalysisDeps } from './engine.ts';

export interface ModelDepsOptions {
  /** the face model's own age estimate for the 18+ check; false where another source answers it (Rekognition) */
  faceAges?: boolean;
  /** the hair model on a worker thread of its own, beside the face search (hair-mask/threaded-segmenter.ts) */
  hairThread?: boolean;
}

/** The in-process models every analysis runs. The age check's source is added by the caller when it is not the face model. */
export function createModelDeps({ faceAges = true, hairThread = true }: ModelDepsOptions = {}): AnalysisDeps {
  return {
    faceDetector: createLocalFaceDetector({ ages: faceAges }),
    personSegmenter: createPersonSegmenter(),
    hairSegmenter: hairThread ? createThreadedHairSegmenter() : createHairSegmenter(),
  };
}
