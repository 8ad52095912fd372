/**
 * The tipped-face search itself, on whichever tfjs runs it: the analysis's (WASM, lambdas/analysis/faces/tipped-face.ts) and
 * the camera guidance's (WebGL or CPU, web/src/features/analyze/tipped-face-model.ts). MediaPipe's short-range BlazeFace
 * on each window (shared/tipped-face-geometry.ts), then the 468-point face mesh on a crop rotated to the face's own axis,
 * a second mesh pass on the crop the first implies, and the eye check (shared/tipped-face-eyes.ts). One code path, so
 * the camera opens the shutter on the faces the server finds. Types only from tfjs: the caller hands in its own copy.
 */
import type * as TfCore from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import type { Pixels } from './photo-quality.ts';
import { eyesSeen } from './tipped-face-eyes.ts';
import {
  MIN_MESH_SCORE,
  bestDetection,
  eyeLineOf,
  meshCrop,
  refinedCrop,
  searchWindows,
  transformOf,
  type Detection,
  type EyeLine,
  type Point3,
  type Window,
} from './tipped-face-geometry.ts';

type Tensor = TfCore.Tensor;
export type SearchTf = typeof TfCore;

export interface TippedModels {
  tf: SearchTf;
  detector: TippedDetector;
  mesh: GraphModel;
}

/** The short-range BlazeFace opened to a batch of windows, and the four head outputs the search reads. */
export interface TippedDetector {
  model: GraphModel;
  heads: string[];
}

export type LoaderTf = SearchTf & { loadGraphModel: (source: string | TfCore.io.IOHandler) => Promise<GraphModel> };
interface GraphNode {
  op: string;
  input?: string[];
  attr?: { shape?: { shape?: { dim?: { size: string }[] } } };
}

/**
 * Loads the short-range BlazeFace so that one call runs every window of the search: its graph fixes the batch at 1, in
 * the input's shape and in the reshape that ends each of its four heads, so the input is opened to any batch and the
 * search reads the heads before those reshapes. Each window's numbers are bit for bit those of a call of its own
 * (checked on 8 windows); one call of 8 windows took about 41 ms on WASM where 8 calls took 90.
 */
export async function loadTippedDetector(tf: LoaderTf, url: string): Promise<TippedDetector> {
  const handler = tf.io.http(url);
  const artifacts = handler.load ? await handler.load() : undefined;
  const nodes = (artifacts?.modelTopology as { node?: GraphNode[] } | undefined)?.node ?? [];
  const batch = nodes.find((n) => n.op === 'Placeholder')?.attr?.shape?.shape?.dim?.[0];
  const heads = nodes.filter((n) => n.op === 'Reshape').map((n) => n.input?.[0] ?? '');
  if (!artifacts || !batch || heads.length !== 4 || heads.some((h) => !h)) {
    throw new Error(`${url}: not the short-range BlazeFace graph (one input, four reshaped heads)`);
  }
  batch.size = '-1';
  return { model: await tf.loadGraphModel(tf.io.fromMemory(artifacts)), heads };
}

export interface Mesh {
  score: number;
  points: Point3[];
}

/** what the search found: the mesh in pixels of `crop`, and the detector's score */
export interface TippedFound {
  mesh: Mesh;
  crop: Window;
  detection: number;
}

const outputsOf = (out: Tensor | Tensor[]): Tensor[] => (Array.isArray(out) ? out : [out]);

function sample(tf: SearchTf, image: Tensor, w: Window): Tensor {
  return tf.image.transform(
    image as TfCore.Tensor4D,
    tf.tensor2d([transformOf(w)], [1, 8]),
    'bilinear',
    'constant',
    127.5,
    [w.side, w.side],
  );
}

/** the best-scoring BlazeFace box of each window, in window pixels: every window in one call of the detector */
async function detectAll(models: TippedModels, image: Tensor, windows: Window[]): Promise<(Detection | undefined)[]> {
  const { tf, detector } = models;
  const n = windows.length;
  const out = tf.tidy(() => {
    const input = tf.sub(tf.div(tf.concat(windows.map((w) => sample(tf, image, w))), 127.5), 1);
    // per window, scores and boxes on two anchor grids: [8,8,6] [16,16,2] [8,8,96] [16,16,32], read as the graph's own
    // reshapes read them: [384,1] [512,1] [384,16] [512,16]
    const [s384, s512, b384, b512] = outputsOf(detector.model.execute(input, detector.heads))
      .sort((a, b) => a.size - b.size)
      .map((t, k) => tf.reshape(t, [n, -1, k < 2 ? 1 : 16])) as [Tensor, Tensor, Tensor, Tensor];
    return tf.concat([tf.concat([s512, b512], 2), tf.concat([s384, b384], 2)], 1);
  });
  const raw = (await out.data()) as Float32Array;
  tf.dispose(out);
  const each = raw.length / n;
  return windows.map((_, k) => bestDetection(raw.subarray(k * each, (k + 1) * each)));
}

/** what the face mesh reads of a crop: its window of the photo, side × side, RGB 0..1 ([1, side, side, 3]) */
export function meshInput(tf: SearchTf, image: Tensor, w: Window): Tensor {
  return tf.tidy(() => tf.div(sample(tf, image, w), 255));
}

async function meshIn(models: TippedModels, image: Tensor, w: Window): Promise<Mesh> {
  const { tf } = models;
  const outputs = tf.tidy(() => outputsOf(models.mesh.execute(meshInput(tf, image, w))));
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
 * The first window (in `turns` order, each padding) that holds a tipped face. `image` is the photo as a float32
 * [1, height, width, 3] tensor of 0..255 values, `pixels` the same photo for the eye check.
 */
export async function searchTippedFace(
  models: TippedModels,
  image: Tensor,
  pixels: Pixels,
  turns: readonly number[],
): Promise<TippedFound | undefined> {
  return (await searchTipped(models, image, pixels, turns)).found;
}

/**
 * The search, and the eyes of its surest detection whose eyes lie as a face's do (eyeLineOf): a head bowed so far
 * that the mesh cannot read its face still shows where the face is.
 */
export async function searchTipped(
  models: TippedModels,
  image: Tensor,
  pixels: Pixels,
  turns: readonly number[],
): Promise<{ found?: TippedFound; eyes?: EyeLine }> {
  const windows = searchWindows(pixels.width, pixels.height, turns);
  const detections = await detectAll(models, image, windows);
  const found = await firstFace(models, image, pixels, windows, detections);
  let eyes: EyeLine | undefined,
    surest = 0;
  for (const [k, window] of windows.entries()) {
    const detection = detections[k];
    if (!detection || detection.score <= surest) continue;
    const line = eyeLineOf(window, detection);
    if (!line) continue;
    eyes = line;
    surest = detection.score;
  }
  return { ...(found ? { found } : {}), ...(eyes ? { eyes } : {}) };
}

async function firstFace(
  models: TippedModels,
  image: Tensor,
  pixels: Pixels,
  windows: Window[],
  detections: (Detection | undefined)[],
): Promise<TippedFound | undefined> {
  for (const [k, window] of windows.entries()) {
    const found = detections[k];
    if (!found) continue;
    const crop = meshCrop(window, found);
    const mesh = await meshIn(models, image, crop);
    if (mesh.score < MIN_MESH_SCORE) continue;
    // a second pass on the crop the first mesh implies, as MediaPipe tracks a face; kept when the mesh is as sure of it
    const nextCrop = refinedCrop(mesh.points, crop);
    const next = await meshIn(models, image, nextCrop);
    const face = next.score >= mesh.score ? { mesh: next, crop: nextCrop } : { mesh, crop };
    if (!eyesSeen(pixels, face.mesh.points, face.crop)) continue;
    return { ...face, detection: found.score };
  }
  return undefined;
}
