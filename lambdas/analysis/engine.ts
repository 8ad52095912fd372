/**
 * analyzeHairline, the engine's one entry point: the face photo, then the crown photo when one is given, joined into one
 * rating (score/combine.ts). Each photo in one pass: the photo decoded once → quality checks → faces → view (front,
 * bowed or top) → person mask and face landmarks → the view's measurements → the 18+ rule → the Norwood estimate → the
 * score and every word, from one reading (score/reading.ts) → overlay.
 */
import {
  BOWED_PITCH,
  DETECT_SIDE,
  MAX_FRONT_ROLL,
  MAX_YAW,
  MIN_FACE_UNIT,
  QUALITY_SIDE,
  TIPPED_PITCH,
} from '#shared/capture-rules.ts';
import { AnalysisRejectedError } from './errors.ts';
import { withCrown } from './score/combine.ts';
import { decodePhoto, quarterTurned, resized, stretched, type Photo } from './photo/photo.ts';
import { uprightQuarterTurns } from './orientation.ts';
import { toPixelMaps } from './photo/pixels.ts';
import type {
  AgeEstimator,
  DetectedFace,
  FaceDescriber,
  FaceDetector,
  NamedFeatures,
  PersonMask,
  RgbImage,
} from './types.ts';
import { CENTRE_RADIUS, HEAD_RADIUS, type ScalpZones } from './above/features.ts';
import { rejectIfFurFace, rejectIfNoHead } from './above/head-presence.ts';
import { mainFace, rejectMinor } from './faces/faces.ts';
import { analyzeFace, faceViewAxes, type FaceView } from './face-view/face-view.ts';
import { hairAtHeadScale, headPass, type HeadPass } from './face-view/head-crop.ts';
import { greyShownDark, missedGreyHair } from './face-view/grey-hair.ts';
import { headEncoderFeatures } from './face-view/head-encoder.ts';
import { toImage, type FaceAxes } from './faces/face-grid.ts';
import { analyzeTop } from './above/top-view.ts';
import { headFromMask, zonesOnTheScalp } from './above/scalp-zones.ts';
import { scalpMaps } from './above/scalp-maps.ts';
import { readQuality, rejectBlur, rejectIfNoColour, rejectPoorLight } from './photo/quality.ts';
import { MIN_READABLE_FACE_UNIT_PX, MIN_UNTIPPED_SEARCH_CONFIDENCE } from './analysis-config.ts';
import { captureConditionsOf } from './capture-conditions.ts';
import { FITTED, SCORE_MODEL, predictStage } from './score/model.ts';
import { rateStage, type Reading } from './score/reading.ts';
import { HAIR_MASK_SIDE, hairProbabilityMap, type HairSegmentation, type HairSegmenter } from './hair-mask/index.ts';
import { overlay, thumbnail } from './overlay/overlay.ts';
import type { PersonSegmenter } from './person/person-segmenter.ts';
import type { HairlineAnalysis } from './result.ts';
import type { CaptureConditions, PhotoSubject } from '#shared/schemas.ts';
import type { ViewAnalysis } from './view-analysis.ts';
import type { EyeLine } from '#shared/tipped-face-geometry.ts';
import { aboveFeatures } from './above/above-features.ts';

/** The detectors work on their own small input; larger adds latency, not faces. */
export { DETECT_SIDE };
/** the face views' working resolution: a hairline in a head-and-shoulders portrait spans about a hundred pixels */
export const FRONT_SIDE = QUALITY_SIDE;
/** the person model's own input is 256x256 */
const MASK_SIDE = 256;
// the view and refusal thresholds (pose, face size) are in shared/capture-rules.ts, read by the camera too

export interface AnalysisDeps {
  faceDetector: FaceDetector;
  personSegmenter: PersonSegmenter;
  hairSegmenter: HairSegmenter;
  /** the 18+ check's source: the local age model (faces/face-age.ts) or Rekognition in AWS; without one, no check */
  ageEstimator?: AgeEstimator;
  /** the face descriptor, read only for an analysis that asks for it (faces/face-descriptor.ts) */
  faceDescriber?: FaceDescriber;
}

export interface AnalysisOptions {
  /**
   * the face photo's descriptor in the result (`faceDescriptor`), for telling whether two ratings show the same person:
   * only for a user who opted in to progress tracking (biometric data), and only for a face seen from the front
   */
  describeFace?: boolean;
  /**
   * what the user said the (first) photo is of, which the words name it by (score/reading.ts): a hairline photo of a
   * head bowed so far that its face is missed is measured from above like a crown, but is the hairline from above.
   * Beside a crown photo it is the hairline.
   */
  photoOf?: PhotoSubject;
}

/** The photos of one rating: a face photo (front, or bowed), and optionally a photo of the top of the head. */
export interface HairlinePhotos {
  face: Uint8Array;
  crown?: Uint8Array;
}

/**
 * The photos' analysis; a refusal (AnalysisRejectedError) names the photo it is about. The crown photo is measured after
 * the face photo, not beside it: a refused face photo then costs no second analysis (nor a second paid age check), and
 * running both at once would gain little, since the models' WASM kernels run on the one JavaScript thread.
 */
export async function analyzeHairline(
  photos: HairlinePhotos,
  deps: AnalysisDeps,
  { describeFace = false, photoOf }: AnalysisOptions = {},
): Promise<HairlineAnalysis> {
  const face = await analyzePhoto(photos.face, deps, {
    describeFace,
    photoOf: photos.crown ? 'hairline' : photoOf,
  });
  if (!photos.crown) return face;
  const crown = await analyzeCrown(photos.crown, deps).catch((err: unknown) => {
    // the two photos the wrong way round: the face photo's problem is named first, as the one to fix
    if (face.measurements.view === 'top' && err instanceof AnalysisRejectedError && err.code === 'not_crown') {
      throw new AnalysisRejectedError('photos_swapped');
    }
    throw err;
  });
  const rated = withCrown(face, crown);
  // the crown photo counts as the person's through the face photo analysed with it
  return face.faceDescriptor ? { ...rated, faceDescriptor: face.faceDescriptor } : rated;
}

/** The crown photo must show the top of the head: a face in it is refused, `not_crown`; each refusal names the crown. */
async function analyzeCrown(bytes: Uint8Array, deps: AnalysisDeps): Promise<HairlineAnalysis> {
  try {
    const crown = await analyzePhoto(bytes, deps, { describeFace: false, photoOf: 'crown' });
    if (crown.measurements.view !== 'top') throw new AnalysisRejectedError('not_crown');
    return crown;
  } catch (err) {
    if (err instanceof AnalysisRejectedError) throw new AnalysisRejectedError(err.code, err.message, 'crown');
    throw err;
  }
}

/** One photo, measured, scored and described on its own; a minor is refused when the age check answers, at the end. */
async function analyzePhoto(
  bytes: Uint8Array,
  deps: AnalysisDeps,
  { describeFace, photoOf }: { describeFace: boolean; photoOf: PhotoSubject | undefined },
): Promise<HairlineAnalysis> {
  const decoded = await decodePhoto(bytes);
  // sharp's threads encode the thumbnail while the models run on this one
  const thumbnailMade = settledLater(thumbnail(decoded));
  const { measured, adult, descriptor, photo } = await measureBesideAgeCheck(decoded, deps, describeFace);
  const reading: Reading = {
    stage: predictStage(FITTED.models[SCORE_MODEL[measured.view]], measured.features),
    measurements: {
      ...measured.measurements,
      faceFound: measured.faceFound,
      confidence: Math.round(100 * measured.trust) / 100,
    },
    shine: measured.shine,
    evenness: measured.evenness,
    ...(photoOf ? { photoOf } : {}),
  };
  const [thumbnailJpeg, overlayJpeg, , faceDescriptor] = await Promise.all([
    photo === decoded ? thumbnailMade : thumbnail(photo),
    overlay(photo, measured.drawing),
    adult,
    descriptor,
  ]);
  return {
    ...rateStage(reading),
    measurements: reading.measurements,
    reading,
    thumbnailJpeg,
    overlayJpeg,
    captureConditions: measured.capture,
    scoreInputs: { view: measured.view, features: measured.features },
    ...(faceDescriptor ? { faceDescriptor } : {}),
  };
}

/**
 * What a face photo's measurement reads from: the photo, its working frame (FRONT_SIDE) and the detectors' smaller one
 * (the face was found there), the person and hair masks, and the hair model for the passes at the head's scale.
 */
interface PhotoReadings {
  photo: Photo;
  work: RgbImage;
  detectInput: RgbImage;
  mask: PersonMask;
  hair: HairSegmentation;
  hairSegmenter: HairSegmenter;
}

export type Measured = ViewAnalysis & { faceFound: boolean; face?: DetectedFace; capture: CaptureConditions };

/**
 * Everything before the score, the age check passed. Exported for the fit and eval scripts, which score these same
 * measurements with refitted parameters.
 */
export async function measurePhoto(photo: Photo, deps: AnalysisDeps): Promise<Measured> {
  const { measured, adult } = await measureBesideAgeCheck(photo, deps, false);
  await adult;
  return measured;
}

/**
 * The measurements of the photo as measured (`photo`: turned upright when its face lay on its side, orientation.ts),
 * and the age check still running beside what comes after them (an estimate takes about 130 ms, a
 * Rekognition call a round trip): `adult` fails with `minor`. The checks run cheapest first; a paid age check
 * (Rekognition in AWS) starts only once the photo has passed all the others, a free one (the local model, on a thread
 * of its own) as soon as the face is found.
 */
async function measureBesideAgeCheck(
  photo: Photo,
  deps: AnalysisDeps,
  describeFace: boolean,
  turnedUpright = false,
): Promise<{
  measured: Measured;
  adult: Promise<void>;
  descriptor: Promise<Float32Array | undefined>;
  photo: Photo;
}> {
  // the masks are made (on a thread of their own in the Lambda: models/model-thread.ts) while the quality checks
  // and the face search run here. Their inputs are resampled first and handed over before the search starts: the search
  // keeps this thread busy, and a mask asked for from a resize finishing during it waited for its end (up to 90 ms).
  const [hairInput, work] = await Promise.all([stretched(photo, HAIR_MASK_SIDE), resized(photo, FRONT_SIDE)]);
  const hairMade = settledLater(deps.hairSegmenter.segment(hairInput));
  const [maskInput, detectInput] = await Promise.all([resized(work, MASK_SIDE), resized(work, DETECT_SIDE)]);
  const maskMade = settledLater(deps.personSegmenter.segment(maskInput));
  const quality = readQuality(work);
  rejectPoorLight(quality);
  const { face, eyes, quarters } = await findFace(detectInput, deps.faceDetector, !turnedUpright);
  if (quarters) return measureBesideAgeCheck(await quarterTurned(photo, quarters), deps, describeFace, true);
  if (face) rejectIfNoColour(detectInput, face.box);
  const view = face ? viewOf(face, detectInput) : 'top';
  // after the face's size and pose: a small sharp face reads as little detail in the whole frame (photo/quality.ts)
  rejectBlur(quality);
  // asked for before the age: the local age check's faceres run then reads both (faces/face-descriptor.ts)
  const described =
    face && view === 'front' && describeFace && deps.faceDescriber
      ? settledLater(deps.faceDescriber.describe(face))
      : undefined;
  const free = deps.ageEstimator && !deps.ageEstimator.paid ? deps.ageEstimator : undefined;
  const ageRead = face && free ? settledLater(free.ageRange({ photo, face })) : undefined;
  const [mask, hair] = await Promise.all([maskMade, hairMade]);
  if (face) rejectIfFurFace(face, hairProbabilityMap(hair), detectInput);
  else await rejectIfNoHead(mask, hairProbabilityMap(hair), detectInput, () => scalpMaps(photo).then((m) => m.maps));
  const head = face ? undefined : headFromMask(mask);
  const { analysis: measured, headPass } =
    face && view !== 'top'
      ? await measureFace({ photo, work, detectInput, mask, hair, hairSegmenter: deps.hairSegmenter }, face, view)
      : {
          analysis: await analyzeTop(
            photo,
            mask,
            hair,
            head &&
              (await zonesOnTheScalp(
                photo,
                head,
                mask,
                hairProbabilityMap(hair),
                eyes && { line: eyes, frame: detectInput },
              )),
          ),
        };
  const ageRange = face && deps.ageEstimator ? (ageRead ?? deps.ageEstimator.ageRange({ photo, face })) : undefined;
  const adult = settledLater(Promise.resolve(ageRange).then(rejectMinor));
  return {
    measured: {
      ...measured,
      features: await scoreInputs(measured, { photo, mask, hair }, headPass),
      faceFound: face !== undefined,
      ...(face ? { face } : {}),
      capture: captureConditionsOf({ view: measured.view, face, frame: detectInput, head, quality, photo }),
    },
    adult,
    descriptor: described ?? Promise.resolve(undefined),
    photo,
  };
}

/**
 * What the view's fitted model reads (score/model.ts). A face from the front: its hairline's measurements, and the
 * encoder of the pass on the head's square pooled over its hair (face-view/head-encoder.ts). A head seen from above:
 * the encoder over its hair and its bare part, and the scalp's texture (above/above-features.ts).
 */
async function scoreInputs(
  measured: ViewAnalysis,
  { photo, mask, hair }: Pick<PhotoReadings, 'photo' | 'mask' | 'hair'>,
  headPass: HeadPass | undefined,
): Promise<NamedFeatures> {
  if (SCORE_MODEL[measured.view] !== 'front') return aboveFeatures(photo, mask, hair);
  if (!headPass) throw new Error('a front view is measured on the head pass');
  return { ...measured.features, ...headEncoderFeatures(headPass, mask, photo, measured.hairTakenBack) };
}

/** A promise started ahead of its use: a refusal before the await must not leave its failure unhandled. */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * The general detector on the upright photo, then the search for a face tipped down (tipped-face.ts); with no face taken,
 * the eyes of the face that search was surest of (its mesh may not have read them, or read them wrong). An upright face
 * whose mesh reads it both tipped down and rolled far over is a misread, and the search is made as if none were found.
 * With `orient`, a face either search finds lying on its side is first checked for a photo turned by quarter turns
 * (orientation.ts): `quarters` then says how to turn the photo upright, and nothing else is read from this one.
 */
async function findFace(
  image: RgbImage,
  detector: FaceDetector,
  orient: boolean,
): Promise<{ face?: DetectedFace; eyes?: EyeLine; quarters?: number }> {
  const upright = async (face: DetectedFace | undefined) =>
    face && orient ? await uprightQuarterTurns(face, image, detector) : 0;
  const found = mainFace(await detector.detect(image));
  const turnedFound = await upright(found);
  if (turnedFound) return { quarters: turnedFound };
  const front = found && !tippedAndRolled(found) ? found : undefined;
  if (front || !detector.findTipped) return front ? { face: front } : {};
  const { faces, eyes } = await detector.findTipped(image);
  const turnedTipped = await upright(mainFace(faces));
  if (turnedTipped) return { quarters: turnedTipped };
  const face = mainFace(faces.filter(bowedOrSure));
  return face ? { face } : eyes ? { eyes } : {};
}

/**
 * The general detector finds a head bowed towards the camera, its face cut off under the glasses, but its mesh then
 * lies across the head: a held-out bowed selfie read 37° tipped and 74° rolled, the zones drawn on a shoulder. A tilted
 * face reads rolled but not tipped (dev portraits turned by 35-45°: 30-48° roll), a bowed one tipped but hardly rolled
 * (the dev bowed selfies the detector finds upright: 25° at most); none of the dev photos' upright faces is both.
 */
function tippedAndRolled(face: DetectedFace): boolean {
  const pose = face.pose ?? { pitch: 0, roll: 0 };
  return pose.pitch > BOWED_PITCH && Math.abs(pose.roll) > MAX_FRONT_ROLL;
}

/** a face the tipped search found that reads as hardly tipped is a misread unless the search is sure of it */
function bowedOrSure(face: DetectedFace): boolean {
  return (face.pose?.pitch ?? 0) >= TIPPED_PITCH || face.confidence >= MIN_UNTIPPED_SEARCH_CONFIDENCE;
}

/**
 * A face view's measurements, on the hair mask at the head's scale (face-view/head-crop.ts); a hidden forehead is
 * refused on a front photo (as a face too small when it spans few pixels: MIN_READABLE_FACE_UNIT_PX) and read from
 * above on a head tipped down, or on a "face" rolled far over (MAX_FRONT_ROLL).
 * A front photo always has the pass on the head's square made, for its score (scoreInputs); the mask reads it only
 * where headCrop asks.
 */
async function measureFace(
  { photo, work, detectInput, mask, hair, hairSegmenter }: PhotoReadings,
  face: DetectedFace,
  view: FaceView,
): Promise<{ analysis: ViewAnalysis; headPass?: HeadPass }> {
  const axes = faceViewAxes(face, work.width / detectInput.width, view);
  if (!axes) return { analysis: await analyzeTop(photo, mask, hair, undefined) };
  const maps = toPixelMaps(work);
  const read = async (shown: Photo, whole: HairSegmentation) => {
    const pass = view === 'front' ? await headPass(shown, work, axes, hairSegmenter) : undefined;
    const hairMap = await hairAtHeadScale(
      { photo: shown, work, axes, view },
      { whole: hairProbabilityMap(whole), segmenter: hairSegmenter, pass },
    );
    return { outcome: analyzeFace(maps, mask, hairMap, axes, view), pass };
  };
  let { outcome, pass } = await read(photo, hair);
  const greyShare = outcome.greyShare;
  const readAgain = view === 'front' && missedGreyHair(greyShare, outcome.kind === 'forehead_covered');
  if (readAgain) {
    // the hair model asked again on a copy with the grey hair shown dark; every measurement still reads `work`'s colours
    const shown = greyShownDark(photo, mask, outcome.skin);
    ({ outcome, pass } = await read(shown, await hairSegmenter.segment(await stretched(shown, HAIR_MASK_SIDE))));
  }
  if (outcome.kind === 'measured') {
    const analysis = {
      ...outcome.analysis,
      ...(view === 'front' ? { greyHair: { share: greyShare, readAgain } } : {}),
    };
    return { analysis, ...(pass ? { headPass: pass } : {}) };
  }
  if (view === 'front' && Math.abs(face.pose?.roll ?? 0) > MAX_FRONT_ROLL) {
    // a head seen from above read as a face rolled far over: its "brows" place no zones, the whole photo does
    return { analysis: await analyzeTop(photo, mask, hair, undefined) };
  }
  if (view === 'front' && (face.pose?.pitch ?? 0) <= TIPPED_PITCH) {
    const unitInPhoto = axes.unit * (photo.width / work.width);
    throw new AnalysisRejectedError(unitInPhoto < MIN_READABLE_FACE_UNIT_PX ? 'face_too_small' : 'forehead_covered');
  }
  return { analysis: await analyzeTop(photo, mask, hair, scalpAboveBrows(axes, work)) };
}

/**
 * Front unless the head is tipped forward (bowed); refused when turned aside or too small to measure. A face only the
 * tipped-face search found is bowed whatever its mesh pitch: the search finds heads bowed towards the camera, and on
 * photos turned by a quarter the mesh's pitch reads low (on the dev bowed selfies the six so found and read as front
 * views ranked worse than as bowed). One it finds hardly tipped and is unsure of is not taken as a face at all (findFace).
 */
export function viewOf(face: DetectedFace, image: { width: number; height: number }): FaceView {
  const pose = face.pose ?? { yaw: 0, pitch: 0, roll: 0 };
  if (Math.abs(pose.yaw) > MAX_YAW) throw new AnalysisRejectedError('head_turned');
  const { browLeft, browRight, noseBase } = face.landmarks;
  if (browLeft && browRight && noseBase) {
    const unit = Math.hypot((browLeft.x + browRight.x) / 2 - noseBase.x, (browLeft.y + browRight.y) / 2 - noseBase.y);
    if (unit < MIN_FACE_UNIT * Math.max(image.width, image.height)) throw new AnalysisRejectedError('face_too_small');
  }
  return face.found === 'tipped' || pose.pitch > BOWED_PITCH ? 'bowed' : 'front';
}

/** Where the scalp is on a head tipped down whose forehead hides under hair: from the brows up about 2.6 face units. */
function scalpAboveBrows(axes: FaceAxes, maps: { width: number; height: number }): ScalpZones {
  const centre = toImage(axes, 0, 1.35);
  const alongUp = (1.25 * axes.unitAbove) / HEAD_RADIUS,
    across = (1.1 * axes.halfWidth * axes.unit) / HEAD_RADIUS;
  const upright = Math.abs(axes.up.y) >= Math.abs(axes.up.x);
  const head = {
    cx: centre.x / maps.width,
    cy: centre.y / maps.height,
    rx: (upright ? across : alongUp) / maps.width,
    ry: (upright ? alongUp : across) / maps.height,
  };
  return { head, crownRadius: CENTRE_RADIUS };
}
