import { createHairSegmenter } from './hair-mask/index.ts';
import { createLocalFaceDetector } from './faces/local-detector.ts';
import { createPersonSegmenter } from './person/person-segmenter.ts';
import { createThreadedHairSegmenter, createThreadedPersonSegmenter } from './models/segmentation-thread.ts';
import type { AnalysisDeps } from './engine.ts';

export interface ModelDepsOptions {
  /** the face model's own age estimate for the 18+ check; false where another source answers it (Rekognition) */
  faceAges?: boolean;
  /** the hair and person models on a worker thread of their own, beside the face search (models/segmentation-thread.ts) */
  segmentationThread?: boolean;
}

/** The in-process models every analysis runs. The age check's source is added by the caller when it is not the face model. */
export function createModelDeps({ faceAges = true, segmentationThread = true }: ModelDepsOptions = {}): AnalysisDeps {
  return {
    faceDetector: createLocalFaceDetector({ ages: faceAges }),
    personSegmenter: segmentationThread ? createThreadedPersonSegmenter() : createPersonSegmenter(),
    hairSegmenter: segmentationThread ? createThreadedHairSegmenter() : createHairSegmenter(),
  };
}
