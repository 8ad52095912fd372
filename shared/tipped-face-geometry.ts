/**
 * The pure parts of the tipped-face search (shared/tipped-face-search.ts): its thresholds, windows, anchor decoding
 * and pose, read by the analysis (lambdas/analysis/faces/tipped-face.ts) and the camera's live guidance
 * (web/src/features/analyze/tipped-face-model.ts), so a frame the camera finds a tipped face in is one the server finds
 * it in too.
 */

export interface Point {
  x: number;
  y: number;
}
export interface Point3 extends Point {
  z: number;
}

/** the short-range detector's input side */
export const TIPPED_DETECT_SIDE = 128;
/** the face mesh's input side */
export const TIPPED_MESH_SIDE = 192;
/** the detector's own score (after the sigmoid) for a candidate worth a mesh */
export const MIN_DETECTION = 0.6;
/** the mesh's own face score: below it the crop holds no face the mesh recognises */
export const MIN_MESH_SCORE = 0.6;
/** the mesh crop around the detector's box, as human crops it */
export const MESH_CROP_SCALE = 1.5;
/** upright first (how phones save photos), then the two quarter turns, upside down last */
export const TURNS = [0, Math.PI / 2, -Math.PI / 2, Math.PI];
/** a camera frame is already upright: the live guidance searches only the first turn */
export const UPRIGHT_TURNS = [0];

export interface WindowPadding {
  top: number;
  bottom: number;
  side: number;
}
/**
 * Windows in fractions of the photo's long side: padded below for the chin out of the frame, and padded evenly. A third
 * window on the photo's lower part alone (where the eyes of a head tipped far down sit at the bottom edge) once found 5
 * more faces; with the mesh and eye checks of today it found none the first two miss (each of the 17 dev photos with a
 * tipped face has its first find in the first two, 2026-11-27), and it cost about 40 ms on every photo with no face.
 */
export const WINDOWS: readonly WindowPadding[] = [
  { top: 0.1, bottom: 0.6, side: 0.25 },
  { top: 0.25, bottom: 0.25, side: 0.25 },
];

/** A square window of the photo: window pixel (u, v) of a side-`side` square sits at centre + scale * R * (u - c, v - c). */
export interface Window {
  centre: Point;
  scale: number;
  angle: number;
  side: number;
}

export function windowToImage(w: Window, u: number, v: number): Point {
  const c = w.side / 2,
    cos = Math.cos(w.angle),
    sin = Math.sin(w.angle);
  const du = (u - c) * w.scale,
    dv = (v - c) * w.scale;
  return { x: w.centre.x + cos * du - sin * dv, y: w.centre.y + sin * du + cos * dv };
}

/** tf.image.transform maps each output pixel to an input pixel with this matrix */
export function transformOf(w: Window): number[] {
  const c = w.side / 2,
    cos = Math.cos(w.angle),
    sin = Math.sin(w.angle),
    s = w.scale;
  return [
    s * cos,
    -s * sin,
    w.centre.x - s * (cos - sin) * c,
    s * sin,
    s * cos,
    w.centre.y - s * (sin + cos) * c,
    0,
    0,
  ];
}

/** the detection window of one quarter turn and padding, over the photo turned upright by `angle` */
export function detectionWindow(width: number, height: number, angle: number, pad: WindowPadding): Window {
  const quarter = Math.abs(Math.sin(angle)) > 0.5;
  const w = quarter ? height : width,
    h = quarter ? width : height;
  const long = Math.max(w, h);
  const spanX = w + 2 * pad.side * long,
    spanY = h + (pad.top + pad.bottom) * long;
  const side = Math.max(spanX, spanY);
  const shift = ((pad.bottom - pad.top) * long) / 2; // the window's centre moves down the turned photo, towards the chin
  const cos = Math.cos(angle),
    sin = Math.sin(angle);
  return {
    centre: { x: width / 2 - sin * shift, y: height / 2 + cos * shift },
    scale: side / TIPPED_DETECT_SIDE,
    angle,
    side: TIPPED_DETECT_SIDE,
  };
}

/** every window the search tries, in its order: each turn, each padding */
export function searchWindows(width: number, height: number, turns: readonly number[]): Window[] {
  return turns.flatMap((angle) => WINDOWS.map((pad) => detectionWindow(width, height, angle, pad)));
}

/** BlazeFace short-range anchors: 2 per cell of the stride-8 grid, then 6 per cell of the stride-16 grid */
export const ANCHORS: Point[] = (() => {
  const out: Point[] = [];
  for (const [stride, perCell] of [
    [8, 2],
    [16, 6],
  ] as const) {
    for (let gy = 0; gy < TIPPED_DETECT_SIDE / stride; gy++) {
      for (let gx = 0; gx < TIPPED_DETECT_SIDE / stride; gx++) {
        for (let n = 0; n < perCell; n++) out.push({ x: stride * (gx + 0.5), y: stride * (gy + 0.5) });
      }
    }
  }
  return out;
})();

export interface Detection {
  score: number;
  centre: Point;
  size: number;
  rightEye: Point;
  leftEye: Point;
}

/** per anchor: the score's logit, the box (4) and six key points (12) */
const STRIDE = 17;

/** The best-scoring box of the detector's raw answer, in window pixels, or undefined under MIN_DETECTION. */
export function bestDetection(raw: ArrayLike<number>): Detection | undefined {
  let best = -1,
    bestLogit = -Infinity;
  for (let i = 0; i < ANCHORS.length; i++)
    if (raw[i * STRIDE]! > bestLogit) {
      bestLogit = raw[i * STRIDE]!;
      best = i;
    }
  const score = 1 / (1 + Math.exp(-bestLogit));
  if (best < 0 || score < MIN_DETECTION) return undefined;
  const a = ANCHORS[best]!,
    r = (k: number) => raw[best * STRIDE + k]!;
  const point = (j: number) => ({ x: r(5 + 2 * j) + a.x, y: r(6 + 2 * j) + a.y });
  return {
    score,
    centre: { x: r(1) + a.x, y: r(2) + a.y },
    size: Math.max(r(3), r(4)),
    rightEye: point(0),
    leftEye: point(1),
  };
}

/**
 * The eyes of a face the detector sees but the mesh cannot read (a bald head bowed so far that only the brows, eyes and
 * nose show below the scalp): where they are and which way is up from them, towards the top of the head, in image
 * pixels. `span` is the distance between the eyes.
 */
export interface EyeLine {
  rightEye: Point;
  leftEye: Point;
  up: Point;
  span: number;
}
/**
 * A window's eyes are taken only when their line is level in it within this (the window is turned upright: a face
 * the detector reads tipped over sideways in it is its misreading of a scalp or an ear) and they lie this far apart,
 * as shares of the detector's box: on 14 dev bowed selfies with a face in the frame the upright windows read 0.36-0.44,
 * the detector's readings of a scalp or an ear in other windows down to 0.12. The surest detection is the face's on
 * those 14, so the bounds are loose: 0.3-0.55 moved 3 discs of 263, none clearly better (docs/benchmarks-log.md v4.9).
 */
const MAX_EYE_ROLL = Math.PI / 6;
const EYE_SPAN = { min: 0.2, max: 0.7 };

/** the detection's eyes in image pixels, or undefined when they do not lie as a face's eyes lie in an upright window */
export function eyeLineOf(window: Window, found: Detection): EyeLine | undefined {
  const dx = found.leftEye.x - found.rightEye.x,
    dy = found.leftEye.y - found.rightEye.y;
  const inWindow = Math.hypot(dx, dy);
  if (dx <= 0 || Math.abs(Math.atan2(dy, dx)) > MAX_EYE_ROLL) return undefined;
  if (inWindow < EYE_SPAN.min * found.size || inWindow > EYE_SPAN.max * found.size) return undefined;
  const rightEye = windowToImage(window, found.rightEye.x, found.rightEye.y),
    leftEye = windowToImage(window, found.leftEye.x, found.leftEye.y);
  const span = Math.hypot(leftEye.x - rightEye.x, leftEye.y - rightEye.y);
  // image y runs down: the eye line from the right eye to the left turned a quarter turn back points up the face
  return {
    rightEye,
    leftEye,
    up: { x: (leftEye.y - rightEye.y) / span, y: -(leftEye.x - rightEye.x) / span },
    span,
  };
}

/** the rotation that levels the line from one eye to the other, within a quarter turn either way */
export function levelRoll(rightEye: Point, leftEye: Point): number {
  let roll = Math.atan2(leftEye.y - rightEye.y, leftEye.x - rightEye.x);
  if (roll > Math.PI / 2) roll -= Math.PI;
  if (roll < -Math.PI / 2) roll += Math.PI;
  return roll;
}

/** the mesh crop around a detection; the eye line sets its rotation (the mouth, often out of the frame, is guessed) */
export function meshCrop(window: Window, found: Detection): Window {
  return {
    centre: windowToImage(window, found.centre.x, found.centre.y),
    scale: (MESH_CROP_SCALE * found.size * window.scale) / TIPPED_MESH_SIDE,
    angle: window.angle + levelRoll(found.rightEye, found.leftEye),
    side: TIPPED_MESH_SIDE,
  };
}

/** the crop a first mesh implies: centred on the face's own points, levelled on its eye corners 33 and 263 */
export function refinedCrop(points: Point[], crop: Window): Window {
  const xs = points.map((p) => p.x),
    ys = points.map((p) => p.y);
  const centre = windowToImage(crop, (Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2);
  const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) * crop.scale;
  return {
    centre,
    scale: (MESH_CROP_SCALE * extent) / TIPPED_MESH_SIDE,
    angle: crop.angle + levelRoll(points[33]!, points[263]!),
    side: TIPPED_MESH_SIDE,
  };
}

/**
 * Pitch and yaw in degrees from the mesh's own 3D points (forehead top 10, chin 152, cheeks 234/454), as human computes
 * them: positive pitch is the head tipped down.
 */
export function meshPose(points: Point3[]): { pitch: number; yaw: number } {
  const sub = (a: Point3, b: Point3) => [a.x - b.x, a.y - b.y, a.z - b.z];
  const norm = (v: number[]) => {
    const l = Math.hypot(v[0]!, v[1]!, v[2]!);
    return v.map((x) => x / l);
  };
  const cross = (a: number[], b: number[]) => [
    a[1]! * b[2]! - a[2]! * b[1]!,
    a[2]! * b[0]! - a[0]! * b[2]!,
    a[0]! * b[1]! - a[1]! * b[0]!,
  ];
  const y = norm(sub(points[152]!, points[10]!));
  const x0 = norm(sub(points[454]!, points[234]!));
  const z = norm(cross(x0, y));
  const x = cross(y, z);
  const deg = 180 / Math.PI;
  return { pitch: Math.atan2(y[2]!, y[1]!) * deg, yaw: Math.atan2(z[0]!, x[0]!) * deg };
}

/** the detection score a tipped face reports: the mesh's, no higher than the detector's (but never under the floor) */
export function tippedConfidence(meshScore: number, detectionScore: number): number {
  return Math.min(meshScore, Math.max(detectionScore, MIN_MESH_SCORE));
}
