import { createHairSegmenter } from './hair-mask/index.ts';
import { createLocalFaceDetector } from './faces/local-detector.ts';
import { createPersonSegmenter } from './person/person-segmenter.ts';
import type { AnalysisDeps } from './engine.ts';

/** The in-process models every analysis runs (the age check's source is added by the caller when it is not the face model). */
export function createModelDeps(): AnalysisDeps {
  return {
    faceDetector: createLocalFaceDetector(),
    personSegmenter: createPersonSegmenter(),
    hairSegmenter: createHairSegmenter(),
  };
}
