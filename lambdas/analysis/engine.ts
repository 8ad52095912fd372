/** analyzeHairline: normalise, detect faces, separate hair from skin, measure, score and describe. */
import { ratingForScore } from '../../shared/scoring.ts';
import type { Measurements } from '../../shared/schemas.ts';
import { AnalysisRejectedError } from './errors.ts';
import { normalizePhoto, rawRgb, type NormalisedPhoto, type PixelRect } from './normalize.ts';
import { inSkinBox, median, toPixelMaps, type PixelMaps } from './pixels.ts';
import { CENTRE_RADIUS, FINE_SIDE, HEAD_RADIUS, WORK_SIDE, discIndices, photoFeatures, type HairFeatures } from './features.ts';
import { DEFAULT_SKIN, LABEL, estimateSkin, labelPixels, type SkinModel } from './segment.ts';
import { measureHairline, round3, traceHairline, type Point, type ScanFrame } from './geometry.ts';
import { mainFace } from './faces.ts';
import { predictLoss, scoreFromLoss } from './model.ts';
import { densityWord, foreheadWord, hairlineAgeWord, healthWord, norwoodFromScore, recessionWord, yearsUntilBaldWord } from './metrics.ts';
import { commentaryFor, hairstylesFor } from './commentary.ts';
import { overlay, thumbnail, type Zone } from './overlay.ts';
import type { DetectedFace, FaceDetector } from './types.ts';
import type { HairlineAnalysis } from './result.ts';

/** The detectors work on their own small input; larger adds latency, not faces. */
export const DETECT_SIDE = 384;
/** Neighbouring pixels of a photo differ by a few levels even in curly hair; in random noise by dozens. */
const NOISE_NEIGHBOUR_DIFF = 25;
/** Every labelled photo has at least 5% skin-coloured pixels and a luma spread of 18 in its head zone. */
const MIN_SKIN_SHARE = 0.02;
const MIN_LUMA_SD = 10;

export async function analyzeHairline(bytes: Uint8Array, deps: { faceDetector: FaceDetector }): Promise<HairlineAnalysis> {
  const photo = await normalizePhoto(bytes);
  const detectInput = await rawRgb(photo.jpeg, DETECT_SIDE);
  const face = mainFace(await deps.faceDetector.detect({ ...detectInput, jpeg: photo.jpeg }));
  const work = await rawRgb(photo.jpeg, WORK_SIDE);
  const maps = toPixelMaps(work);
  const imageSkin = estimateSkin(maps, discIndices(maps.width, maps.height, HEAD_RADIUS));
  const workFace = face && scaleFace(face, work.width / detectInput.width, work.height / detectInput.height);
  if (!workFace) rejectIfNoHead(maps, detectInput);
  const features = await scoringFeatures(photo, face, detectInput, maps);

  const score = scoreFromLoss(predictLoss(features));
  const skin = (workFace && faceSkin(maps, workFace)) ?? imageSkin;
  const labels = labelPixels(maps, skin);
  const frame = workFace ? faceFrame(workFace) : defaultFrame(maps);
  // the hairline is where forehead skin ends, whatever lies above it (dark, grey or blond hair, or background past a bald crown)
  const mask = labels.map((l) => (l === LABEL.skin ? 0 : 1));
  const contour = traceHairline(mask, maps.width, maps.height, frame);
  const geometry = measureHairline(contour, frame);
  const zones = workFace ? faceZones(frame, maps) : defaultZones();
  const frontalCoverage = zoneCoverage(labels, maps, zones.frontal) ?? features.coverage;
  const topCoverage = zoneCoverage(labels, maps, zones.top) ?? features.coverage;

  const measurements: Measurements = {
    hairlineHeightRatio: geometry.heightRatio,
    templeRecession: geometry.templeRecession,
    frontalCoverage: round3(frontalCoverage),
    topCoverage: round3(topCoverage),
    faceFound: Boolean(workFace),
    confidence: round3((workFace ? 0.8 : 0.55) * (skin === DEFAULT_SKIN ? 0.8 : 1)),
  };
  const norwood = norwoodFromScore(score, measurements.confidence);
  const rel = (p: Point): Point => ({ x: p.x / maps.width, y: p.y / maps.height });
  const [thumbnailJpeg, overlayJpeg] = await Promise.all([
    thumbnail(photo.jpeg),
    overlay(photo.jpeg, contour.map(rel), [zones.frontal.shape, zones.top.shape]),
  ]);
  return {
    score,
    rating: ratingForScore(score),
    recessionLevel: recessionWord(score, geometry.templeRecession),
    density: densityWord((frontalCoverage + topCoverage + 2 * features.coverage) / 4),
    foreheadSize: foreheadWord(score),
    hairlineAge: hairlineAgeWord(score),
    yearsUntilBald: yearsUntilBaldWord(score),
    health: healthWord(score),
    commentary: commentaryFor(score, measurements),
    hairstyleSuggestions: hairstylesFor(score, measurements),
    norwoodStage: norwood.stage,
    norwoodConfidence: norwood.confidence,
    measurements,
    thumbnailJpeg,
    overlayJpeg,
  };
}

/**
 * The features the score is fitted on (scripts/fit-params.ts calls this too, so fit and engine measure alike): of the
 * whole photo, or, with a face in view, of the band above the brows, since the whole-photo features would read the
 * face's own skin as bare scalp. `face` is in the coordinates of `detectSize`; `workMaps` are the whole photo's maps at
 * WORK_SIDE when the caller already has them.
 */
export async function scoringFeatures(
  photo: NormalisedPhoto, face: DetectedFace | undefined, detectSize: { width: number; height: number }, workMaps?: PixelMaps,
): Promise<HairFeatures> {
  const hairRegion = face && regionAboveBrows(scaleFace(face, photo.width / detectSize.width, photo.height / detectSize.height), photo);
  const [coarse, fine] = await Promise.all([
    workMaps && !hairRegion ? workMaps : rawRgb(photo.jpeg, WORK_SIDE, hairRegion).then(toPixelMaps),
    rawRgb(photo.jpeg, FINE_SIDE, hairRegion).then(toPixelMaps),
  ]);
  return photoFeatures(coarse, fine).features;
}

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

/** The band where hair belongs: from just above the brows up two and a half facial thirds, over the face's width. */
function regionAboveBrows(face: DetectedFace, photo: { width: number; height: number }): PixelRect | undefined {
  const f = faceFrame(face);
  const left = Math.max(0, Math.round(f.midX - 1.1 * f.halfWidth));
  const right = Math.min(photo.width, Math.round(f.midX + 1.1 * f.halfWidth));
  const top = Math.max(0, Math.round(f.baseY - 2.5 * f.unit));
  const bottom = Math.min(photo.height, Math.round(f.baseY));
  if (right - left < 32 || bottom - top < 32) return undefined;
  return { left, top, width: right - left, height: bottom - top };
}

function scaleFace(face: DetectedFace, sx: number, sy: number): DetectedFace {
  const landmarks: DetectedFace['landmarks'] = {};
  for (const [k, p] of Object.entries(face.landmarks)) landmarks[k] = { x: p.x * sx, y: p.y * sy };
  const b = face.box;
  return { ...face, box: { x: b.x * sx, y: b.y * sy, width: b.width * sx, height: b.height * sy }, landmarks };
}

/** Skin from the cheeks and nose (between the eyes and the mouth): the scalp matches it, the hair does not. */
function faceSkin(maps: PixelMaps, face: DetectedFace): SkinModel | undefined {
  const { leftEye, rightEye, mouthLeft, mouthRight } = face.landmarks;
  if (!leftEye || !rightEye || !mouthLeft || !mouthRight) return undefined;
  const x0 = Math.round(Math.min(leftEye.x, rightEye.x)), x1 = Math.round(Math.max(leftEye.x, rightEye.x));
  const y0 = Math.round((leftEye.y + rightEye.y) / 2 + 2), y1 = Math.round((mouthLeft.y + mouthRight.y) / 2 - 2);
  const idx: number[] = [];
  for (let y = Math.max(0, y0); y <= Math.min(maps.height - 1, y1); y++) {
    for (let x = Math.max(0, x0); x <= Math.min(maps.width - 1, x1); x++) idx.push(y * maps.width + x);
  }
  return idx.length >= 30 ? estimateSkin(maps, idx) : undefined;
}

/** Scan upward from just above the brows, over the width of the face; one facial third is the unit of height. */
function faceFrame(face: DetectedFace): ScanFrame {
  const { browLeft, browRight, chin } = face.landmarks;
  const b = face.box;
  const browY = browLeft && browRight ? (browLeft.y + browRight.y) / 2 : b.y + 0.3 * b.height;
  const chinY = chin?.y ?? b.y + b.height;
  const midX = browLeft && browRight ? (browLeft.x + browRight.x) / 2 : b.x + b.width / 2;
  const unit = Math.max(4, (chinY - browY) / 2);
  const halfWidth = b.width / 2;
  return { x0: midX - halfWidth, x1: midX + halfWidth, baseY: browY - 0.1 * unit, topY: Math.max(0, browY - 3 * unit), midX, halfWidth, unit };
}

function defaultFrame(maps: PixelMaps): ScanFrame {
  const { width: w, height: h } = maps;
  return { x0: 0.2 * w, x1: 0.8 * w, baseY: (0.5 + HEAD_RADIUS) * h, topY: 0.05 * h, midX: w / 2, halfWidth: 0.3 * w, unit: h };
}

/** test takes coordinates in fractions of the image, like the drawn shape */
type PixelZone = { test: (fx: number, fy: number) => boolean; shape: Zone };

function faceZones(f: ScanFrame, maps: PixelMaps): { frontal: PixelZone; top: PixelZone } {
  const browY = f.baseY + 0.1 * f.unit;
  const rect = (label: string, yTop: number, yBottom: number): PixelZone => {
    const x = f.x0 / maps.width, w = (f.x1 - f.x0) / maps.width;
    const y = Math.max(0, yTop) / maps.height, h = Math.max(0, yBottom - Math.max(0, yTop)) / maps.height;
    return { test: (fx, fy) => fx >= x && fx <= x + w && fy >= y && fy <= y + h, shape: { kind: 'rect', label, x, y, w, h } };
  };
  return { frontal: rect('frontal', browY - 2 * f.unit, browY - 0.8 * f.unit), top: rect('top', browY - 3 * f.unit, browY - 2 * f.unit) };
}

function defaultZones(): { frontal: PixelZone; top: PixelZone } {
  const r2 = (x: number, y: number) => (x - 0.5) ** 2 + (y - 0.5) ** 2;
  return {
    top: { test: (x, y) => r2(x, y) < CENTRE_RADIUS ** 2, shape: { kind: 'ellipse', label: 'top', cx: 0.5, cy: 0.5, rx: CENTRE_RADIUS, ry: CENTRE_RADIUS } },
    frontal: {
      test: (x, y) => y > 0.5 && r2(x, y) >= CENTRE_RADIUS ** 2 && r2(x, y) < HEAD_RADIUS ** 2,
      shape: { kind: 'rect', label: 'frontal', x: 0.5 - HEAD_RADIUS, y: 0.5 + CENTRE_RADIUS * 0.6, w: 2 * HEAD_RADIUS, h: HEAD_RADIUS - CENTRE_RADIUS * 0.6 },
    },
  };
}

/** hair / (hair + skin) inside a zone, ignoring background; undefined when the zone holds almost no head */
function zoneCoverage(labels: Uint8Array, maps: PixelMaps, zone: PixelZone): number | undefined {
  let hair = 0, skin = 0;
  for (let y = 0; y < maps.height; y++) {
    for (let x = 0; x < maps.width; x++) {
      const inside = zone.test((x + 0.5) / maps.width, (y + 0.5) / maps.height);
      if (!inside) continue;
      const l = labels[y * maps.width + x];
      if (l === LABEL.hair) hair++;
      else if (l === LABEL.skin) skin++;
    }
  }
  return hair + skin < 20 ? undefined : hair / (hair + skin);
}
