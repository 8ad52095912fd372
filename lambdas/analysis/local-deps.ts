import { createHairSegmenter } from './hair-mask/index.ts';
import { createLocalFaceDetector } from './faces/local-detector.ts';
import { createPersonSegmenter } from './person/person-segmenter.ts';
import type { AnalysisDeps } from './engine.ts';

/**
 * The in-process models every analysis runs. The age check's source is added by the caller when it is not the face
 * model; `faceAges: false` then spares the face model's own age estimate.
 */
export function createModelDeps({ faceAges = true }: { faceAges?: boolean } = {}): AnalysisDeps {
  return {
    faceDetector: createLocalFaceDetector({ ages: faceAges }),
    personSegmenter: createPersonSegmenter(),
    hairSegmenter: createHairSegmenter(),
  };
}
