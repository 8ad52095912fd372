/** The hairline analysis engine: the one entry point other code imports. */
export type { FaceBox, DetectedFace, FaceDetector, FaceDescriber, AgeEstimator } from './types.ts';
export type { PhotoRole, RejectionCode } from './errors.ts';
export { AnalysisRejectedError } from './errors.ts';
export type { CrownAnalysis, HairlineAnalysis } from './result.ts';
export { analyzeHairline, type AnalysisDeps, type AnalysisOptions, type HairlinePhotos } from './engine.ts';
export { createModelDeps } from './local-deps.ts';
export {
  createHairSegmenter,
  ENCODER_FEATURE_NAMES,
  HAIR_MASK_SIDE,
  type HairSegmenter,
  type HairSegmentation,
} from './hair-mask/index.ts';
export { createRekognitionAgeEstimator } from './faces/rekognition-age.ts';
export { normalizePhoto } from './photo/photo.ts';
export { warmUpModels } from './warm-up.ts';
