/**
 * analyzeHairline, the pipeline: photo → faces, view and quality checks → person mask and face mesh → measurements
 * (front or top path) → score → metrics and words → overlay.
 */
import { ratingForScore } from '../../shared/scoring.ts';
import type { PhotoView } from '../../shared/schemas.ts';
import { AnalysisRejectedError } from './errors.ts';
import { normalizePhoto, rawRgb, type NormalisedPhoto } from './normalize.ts';
import { inSkinBox, median, toPixelMaps, type PixelMaps } from './pixels.ts';
import { HEAD_RADIUS, WORK_SIDE, discIndices } from './features.ts';
import { mainFace, rejectMinor } from './faces.ts';
import { analyzeFront, frontAxes } from './front-view.ts';
import { analyzeTop } from './top-view.ts';
import { readQuality, rejectPoorQuality } from './quality.ts';
import { FITTED, norwoodEstimate, predictStage, scoreFromStage } from './model.ts';
import { describe } from './metrics.ts';
import { commentaryFor, hairstylesFor } from './commentary.ts';
import { overlay, thumbnail } from './overlay.ts';
import type { AgeEstimator, DetectedFace, FaceDetector } from './types.ts';
import type { PersonSegmenter } from './person-segmenter.ts';
import type { HairlineAnalysis } from './result.ts';
import type { ViewAnalysis } from './view-analysis.ts';

/** The detectors work on their own small input; larger adds latency, not faces. */
export const DETECT_SIDE = 384;
/** the front path's working resolution: a hairline in a head-and-shoulders portrait spans about a hundred pixels */
export const FRONT_SIDE = 512;
/** the person model's own input is 256x256 */
const MASK_SIDE = 256;
/** a face tipped forward more than this shows the hairline and crown from above: measured as a top view */
const BOWED_PITCH = 22;
/** a face tipped down this far whose forehead seems covered is measured from above rather than refused */
const TIPPED_PITCH = 10;
/** turned further than this, one temple hides behind the head */
const MAX_YAW = 35;
/** a middle facial third shorter than this share of the photo's long side is too few pixels to trace a hairline */
const MIN_FACE_UNIT = 0.025;
/** Neighbouring pixels of a photo differ by a few levels even in curly hair; in random noise by dozens. */
const NOISE_NEIGHBOUR_DIFF = 25;
const MIN_SKIN_SHARE = 0.02;
const MIN_LUMA_SD = 10;

export interface AnalysisDeps {
  faceDetector: FaceDetector;
  personSegmenter: PersonSegmenter;
  /** the age check's source when it is not the face detector's own estimate (Rekognition in AWS) */
  ageEstimator?: AgeEstimator;
}

export async function analyzeHairline(bytes: Uint8Array, deps: AnalysisDeps): Promise<HairlineAnalysis> {
  const photo = await normalizePhoto(bytes);
  const measured = await measure(photo, deps);
  const stage = predictStage(FITTED[measured.view], measured.features);
  const score = scoreFromStage(stage);
  const measurements = { ...measured.measurements, faceFound: measured.faceFound, confidence: Math.round(100 * measured.trust) / 100 };
  const norwood = norwoodEstimate(stage, measurements.confidence);
  const [thumbnailJpeg, overlayJpeg] = await Promise.all([thumbnail(photo.jpeg), overlay(photo.jpeg, measured.drawing)]);
  return {
    score,
    rating: ratingForScore(score),
    ...describe({ ...measured, measurements, stage }),
    commentary: commentaryFor(score, measurements),
    hairstyleSuggestions: hairstylesFor(score, measurements),
    norwoodStage: norwood.stage,
    norwoodConfidence: norwood.confidence,
    measurements,
    thumbnailJpeg,
    overlayJpeg,
    scoreInputs: { view: measured.view, features: measured.features },
  };
}

export type Measured = ViewAnalysis & { faceFound: boolean };

/**
 * Faces, view and checks, then the view's own measurements. Exported for the fit and eval scripts, which score these
 * same measurements with refitted parameters.
 */
export async function measure(photo: NormalisedPhoto, deps: AnalysisDeps): Promise<Measured> {
  const detectInput = await rawRgb(photo.jpeg, DETECT_SIDE);
  const face = mainFace(await deps.faceDetector.detect({ ...detectInput, jpeg: photo.jpeg }));
  if (face) rejectMinor(deps.ageEstimator ? await deps.ageEstimator.ageRange(photo.jpeg) : face.ageRange);
  const work = await rawRgb(photo.jpeg, FRONT_SIDE);
  rejectPoorQuality(readQuality(work));
  const view = face ? viewOf(face, detectInput) : undefined;
  if (face && view === 'front') {
    const axes = frontAxes(face, work.width / detectInput.width);
    if (axes) {
      const mask = await deps.personSegmenter.segment(await rawRgb(photo.jpeg, MASK_SIDE));
      try {
        return { ...analyzeFront(toPixelMaps(work), mask, axes), faceFound: true };
      } catch (e) {
        // a head tipped down to show the hairline hides its forehead behind the hair from the camera: read it from above
        if (!(e instanceof AnalysisRejectedError && e.code === 'forehead_covered' && (face.pose?.pitch ?? 0) > TIPPED_PITCH)) throw e;
      }
    }
  }
  if (!face) {
    const maps = toPixelMaps(await rawRgb(photo.jpeg, WORK_SIDE));
    rejectIfNoHead(maps, detectInput);
    return { ...(await analyzeTop(photo, undefined, maps)), faceFound: false };
  }
  return { ...(await analyzeTop(photo, scaleFace(face, photo.width / detectInput.width))), faceFound: true };
}

/** Front unless the head is bowed forward; refused when turned aside or too small to measure. */
export function viewOf(face: DetectedFace, image: { width: number; height: number }): PhotoView {
  const pose = face.pose ?? { yaw: 0, pitch: 0, roll: 0 };
  if (Math.abs(pose.pitch) > BOWED_PITCH) return 'top';
  if (Math.abs(pose.yaw) > MAX_YAW) throw new AnalysisRejectedError('head_turned');
  const { browLeft, browRight, noseBase } = face.landmarks;
  if (browLeft && browRight && noseBase) {
    const unit = Math.hypot((browLeft.x + browRight.x) / 2 - noseBase.x, (browLeft.y + browRight.y) / 2 - noseBase.y);
    if (unit < MIN_FACE_UNIT * Math.max(image.width, image.height)) throw new AnalysisRejectedError('face_too_small');
  }
  return 'front';
}

/** No face: refuse noise, flat images and photos without a skin-coloured scalp or face anywhere near the centre. */
function rejectIfNoHead(maps: PixelMaps, full: { rgb: Uint8Array; width: number; height: number }): void {
  const head = discIndices(maps.width, maps.height, HEAD_RADIUS);
  let skinLike = 0, sum = 0, sumSq = 0;
  for (const i of head) {
    const y = maps.luma[i]!;
    if (y > 40 && inSkinBox(maps.cb[i]!, maps.cr[i]!)) skinLike++;
    sum += y;
    sumSq += y * y;
  }
  const sd = Math.sqrt(Math.max(0, sumSq / head.length - (sum / head.length) ** 2));
  if (neighbourDiff(full) > NOISE_NEIGHBOUR_DIFF || sd < MIN_LUMA_SD || skinLike / head.length < MIN_SKIN_SHARE) {
    throw new AnalysisRejectedError('no_hair');
  }
}

/** median absolute luma difference between horizontal neighbours, on a sparse grid of rows */
function neighbourDiff({ rgb, width, height }: { rgb: Uint8Array; width: number; height: number }): number {
  const luma = (i: number) => 0.299 * rgb[3 * i]! + 0.587 * rgb[3 * i + 1]! + 0.114 * rgb[3 * i + 2]!;
  const diffs: number[] = [];
  for (let y = 0; y < height; y += 4) for (let x = 0; x + 1 < width; x += 2) diffs.push(Math.abs(luma(y * width + x) - luma(y * width + x + 1)));
  return median(diffs);
}

function scaleFace(face: DetectedFace, s: number): DetectedFace {
  const landmarks: DetectedFace['landmarks'] = {};
  for (const [k, p] of Object.entries(face.landmarks)) landmarks[k] = { x: p.x * s, y: p.y * s };
  const b = face.box;
  return { ...face, box: { x: b.x * s, y: b.y * s, width: b.width * s, height: b.height * s }, landmarks };
}
