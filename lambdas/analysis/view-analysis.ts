/** What each view's path hands to the rest of the pipeline: the score's inputs, the shown measurements and the drawing. */
import type { Measurements, PhotoView } from '#shared/schemas.ts';
import { round3 } from '#shared/statistics.ts';
import type { Drawing } from './overlay/overlay.ts';
import type { NamedFeatures } from './types.ts';
import type { HairTakenBack, SkinGuardReading } from './face-view/skin-guard.ts';

export interface ViewAnalysis {
  view: PhotoView;
  /** the score's inputs by name (the fitted model of the view checks the names) */
  features: NamedFeatures;
  measurements: Omit<Measurements, 'confidence' | 'faceFound'>;
  /** 0..1 inputs of the health metric */
  shine: number;
  evenness: number;
  /** 0..1: how well the skin model separated hair from skin */
  trust: number;
  drawing: Drawing;
  /** a face view's skin guard: how much of the mask's hair on top read as the face's skin (face-view/skin-guard.ts) */
  skinGuard?: SkinGuardReading;
  /**
   * a front view's grey hair (face-view/grey-hair.ts): the share of the top of the head the first mask left bare that
   * reads as grey hair, and whether the hair model was asked again on the copy with it shown dark
   */
  greyHair?: { share: number; readAgain: boolean };
  /** the face grid's cells the skin guard took back from the hair mask, when any: the score's encoder pools without them */
  hairTakenBack?: HairTakenBack;
}

/** a log strand texture mapped onto 0..1 between the smoothest and the most textured hair of the dev photos */
export function textureShare(logTexture: number, smooth: number, dense: number): number {
  return round3(Math.min(1, Math.max(0, (logTexture - smooth) / (dense - smooth))));
}
