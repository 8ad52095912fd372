/** What analyzeHairline returns. */
import type { HairlineAge, MetricWord, RatingLabel, YearsUntilBald } from '#shared/scoring.ts';
import type { CaptureConditions, Measurements, PhotoView } from '#shared/schemas.ts';
import type { HairlineAgeFigures } from '#shared/hairline-age.ts';
import type { NamedFeatures } from './score/model.ts';

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
  /** the score's inputs by name: the eval refits on them in cross-validation; never stored */
  scoreInputs: { view: PhotoView; features: NamedFeatures };
}
