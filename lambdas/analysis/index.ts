/** The hairline analysis engine: the one entry point other code imports. */
export type { FaceBox, DetectedFace, FaceDetector } from './types.ts';
export type { RejectionCode } from './errors.ts';
export { AnalysisRejectedError } from './errors.ts';
export type { HairlineAnalysis } from './result.ts';
export { analyzeHairline } from './engine.ts';
export { createLocalFaceDetector } from './local-detector.ts';
export { createRekognitionFaceDetector } from './rekognition-detector.ts';
export { normalizePhoto } from './normalize.ts';
