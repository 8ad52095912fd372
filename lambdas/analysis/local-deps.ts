import { createHairSegmenter } from './hair-mask/index.ts';
import { createLocalFaceDetector } from './faces/local-detector.ts';
import { createFaceAgeEstimator, readFaceres } from './faces/face-age.ts';
import { createFaceDescriber, sharedFaceresReads } from './faces/face-descriptor.ts';
import { createPersonSegmenter } from './person/person-segmenter.ts';
import { createThreadedHairSegmenter, createThreadedPersonSegmenter, threadedFaceres } from './models/model-thread.ts';
import type { AnalysisDeps } from './engine.ts';

export interface ModelDepsOptions {
  /** the face model's own age estimate for the 18+ check; false where another source answers it (Rekognition) */
  faceAges?: boolean;
  /** the masks and the age estimate on worker threads of their own, beside the face search (models/model-thread.ts) */
  modelThread?: boolean;
}

/**
 * The in-process models every analysis runs, and with `faceAges` the local age check; the caller adds another one. The
 * face descriptor (read only when an analysis asks for it) shares the age check's faceres run.
 */
export function createModelDeps({ faceAges = true, modelThread = true }: ModelDepsOptions = {}): AnalysisDeps {
  const faceres = sharedFaceresReads(modelThread ? threadedFaceres : readFaceres);
  return {
    // the crops feed faceres: the age check's, and the descriptor's when an analysis asks for it
    faceDetector: createLocalFaceDetector({ crops: true }),
    personSegmenter: modelThread ? createThreadedPersonSegmenter() : createPersonSegmenter(),
    hairSegmenter: modelThread ? createThreadedHairSegmenter() : createHairSegmenter(),
    faceDescriber: createFaceDescriber(faceres),
    ...(faceAges
      ? { ageEstimator: createFaceAgeEstimator(async (crop) => (await faceres(crop, { describe: false })).age) }
      : {}),
  };
}
