/**
 * The engine's second entry, for the fit, eval and bench scripts only (scripts/): everything index.ts gives, and the
 * internals they need to refit and measure: the measurements before the score (`measurePhoto`), the fitted models and
 * their feature names, the reading and the consistency checker, the photo's decoding and the masks' raw maps. Runtime
 * code never imports it (`npm run lint:architecture`: `analysis-through-its-index`, `scripts-through-the-entries`).
 */
export * from './index.ts';
export { SCALP_TEXTURE_FEATURES } from './above/above-features.ts';
export { FRONT_SIDE, measurePhoto, viewOf } from './engine.ts';
export { HAIRLINE_FEATURES } from './face-view/face-view.ts';
export { mainFace } from './faces/faces.ts';
export { warmUpLocalDetector } from './faces/local-detector.ts';
export { hairProbabilityMap, warmUpHairSegmenter } from './hair-mask/index.ts';
export { maskOutline } from './overlay/hair-outline.ts';
export { overlaySvg, type Drawing } from './overlay/overlay.ts';
export { decodePhoto, resized, stretched, toJpeg, type Photo } from './photo/photo.ts';
export { inSkinBox } from './photo/pixels.ts';
export { sharedHuman } from './runtime/human-runtime.ts';
export { contradictions, type Contradiction } from './score/consistency.ts';
export {
  FITTED,
  predictStage,
  SCORE_MODEL,
  SCORE_MODELS,
  type FittedParams,
  type LinearModel,
  type ModelFit,
  type ScoreModel,
} from './score/model.ts';
export { rateStage, type Reading } from './score/reading.ts';
export type { NamedFeatures, RgbImage } from './types.ts';
