/**
 * What analyzeHairline returns: the face photo's analysis, its score and words said from one reading (score/reading.ts),
 * joined with the crown photo's estimate when one was given (score/combine.ts), and the crown photo's own part.
 */
import type { HairlineAge, MetricWord, RatingLabel, YearsUntilBald } from '#shared/scoring.ts';
import type { CaptureConditions, Measurements, PhotoView } from '#shared/schemas.ts';
import type { HairlineAgeFigures } from '#shared/hairline-age.ts';
import type { NamedFeatures } from './types.ts';
import type { Reading } from './score/reading.ts';

export interface HairlineAnalysis {
  /** int 0..100, higher = better hairline */
  score: number;
  rating: RatingLabel;
  recessionLevel: MetricWord;
  density: MetricWord;
  foreheadSize: MetricWord;
  hairlineAge: HairlineAge;
  yearsUntilBald: YearsUntilBald;
  health: MetricWord;
  commentary: string;
  /** 3..5 */
  hairstyleSuggestions: string[];
  norwoodStage: number;
  norwoodConfidence: number;
  measurements: Measurements;
  /** the hairline age in years and the typical years to Norwood VI (shared/hairline-age.ts) */
  ageComparison: HairlineAgeFigures;
  /** how the photo was taken (capture-conditions.ts): a later rating is compared on it */
  captureConditions: CaptureConditions;
  /** longest side <= 384 */
  thumbnailJpeg: Uint8Array;
  /** longest side <= 512, with the traced hairline and zones */
  overlayJpeg: Uint8Array;
  /** the face photo's score inputs by name: the eval refits on them in cross-validation; never stored */
  scoreInputs: { view: PhotoView; features: NamedFeatures };
  /** what every word above was said from (score/reading.ts): a crown photo joins it; never stored */
  reading: Reading;
  /** the crown photo's own analysis, when one was given */
  crown?: CrownAnalysis;
  /**
   * the face photo's descriptor (faces/face-descriptor.ts): only when the analysis was asked for it (the user opted in
   * to progress tracking) and the face was seen from the front; biometric data
   */
  faceDescriptor?: Float32Array;
}

/** The crown photo of a two-photo analysis: what the rating keeps of it beside the combined result. */
export interface CrownAnalysis {
  /** view 'top' (a crown photo of any other view is refused, `not_crown`) */
  measurements: Measurements;
  /** the crown photo's own Norwood estimate, 1..7 */
  norwoodStage: number;
  /** the crown photo's own score, 0..100: rateStage's from its own reading, as a crown photo analysed alone gets it */
  score: number;
  /** the continuous Norwood estimates of each photo alone, which the combined estimate joins (2 decimals) */
  stageEstimate: number;
  faceStageEstimate: number;
  captureConditions: CaptureConditions;
  thumbnailJpeg: Uint8Array;
  overlayJpeg: Uint8Array;
}
