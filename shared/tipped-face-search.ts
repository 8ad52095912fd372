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
  meshCrop,
  refinedCrop,
  searchWindows,
  transformOf,
  type Detection,
  type Point3,
  type Window,
} from './tipped-face-geometry.ts';

type Tensor = TfCore.Tensor;
export type SearchTf = typeof TfCore;

export interface TippedModels {
  tf: SearchTf;
  detector: GraphModel;
  mesh: GraphModel;
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

/** the best-scoring BlazeFace box of one window, in window pixels */
async function detectIn(models: TippedModels, image: Tensor, w: Window): Promise<Detection | undefined> {
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
  return bestDetection(raw);
}

async function meshIn(models: TippedModels, image: Tensor, w: Window): Promise<Mesh> {
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
 * The first window (in `turns` order, each padding) that holds a tipped face. `image` is the photo as a float32
 * [1, height, width, 3] tensor of 0..255 values, `pixels` the same photo for the eye check.
 */
export async function searchTippedFace(
  models: TippedModels,
  image: Tensor,
  pixels: Pixels,
  turns: readonly number[],
): Promise<TippedFound | undefined> {
  for (const window of searchWindows(pixels.width, pixels.height, turns)) {
    const found = await detectIn(models, image, window);
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
