/** The hair mask: MediaPipe's hair segmentation model run by the project's own TFLite reader. */
export {
  createHairSegmenter,
  warmUpHairSegmenter,
  HAIR_MASK_SIDE,
  type HairSegmenter,
  type HairSegmentation,
  hairProbabilityMap,
} from './segmenter.ts';
export { ENCODER_FEATURE_NAMES, poolEncoderOnHead, type EncoderTap } from './encoder-features.ts';
