/** Local face detector: @vladmandic/human (blazeface + facemesh) on the tfjs WASM backend, no native tfjs. */
import { sharedHuman } from '../runtime/human-runtime.ts';
import { MESH_POINTS } from './mesh-points.ts';
import { searchTippedFaces, warmUpTippedFace } from './tipped-face.ts';
import { toFaceCrop } from './face-age.ts';
import type { DetectOverrides, FaceResult, Tensor } from '../runtime/tf-runtime.ts';
import type { DetectedFace, DetectorInput, FaceDetector } from '../types.ts';

const RAD = 180 / Math.PI;

/** the parts of a human face result this code reads (the rest depends on which models ran) */
export interface HumanFace {
  box: FaceResult['box'];
  mesh?: FaceResult['mesh'];
  rotation?: { angle: { yaw: number; pitch: number; roll: number } } | null;
  faceScore?: number;
  boxScore?: number;
  score?: number;
}

export function mapHumanFace(face: HumanFace): DetectedFace {
  const [x, y, width, height] = face.box;
  const landmarks: DetectedFace['landmarks'] = {};
  const mesh = face.mesh ?? [];
  if (mesh.length >= 468) {
    for (const [name, idx] of Object.entries(MESH_POINTS)) {
      const p = mesh[idx]!;
      landmarks[name] = { x: p[0], y: p[1] };
    }
  }
  const angle = face.rotation?.angle;
  const out: DetectedFace = {
    box: { x, y, width, height },
    landmarks,
    confidence: Math.max(0, Math.min(1, face.faceScore ?? face.boxScore ?? face.score ?? 0)),
  };
  if (face.boxScore !== undefined) out.boxConfidence = Math.max(0, Math.min(1, face.boxScore));
  if (angle) out.pose = { yaw: angle.yaw * RAD, pitch: angle.pitch * RAD, roll: angle.roll * RAD };
  return out;
}

export interface LocalDetectorOptions {
  /** each face's crop as the detector cut it out, for the local age estimate (faces/face-age.ts) */
  crops: boolean;
}

export function createLocalFaceDetector({ crops }: LocalDetectorOptions = { crops: false }): FaceDetector {
  // passed on every call: the one human instance keeps the last settings it was given
  const settings: DetectOverrides = { face: { detector: { return: crops }, description: { enabled: false } } };
  return {
    async detect(image: DetectorInput) {
      const human = await sharedHuman();
      const tensor = human.tf.tensor4d(image.rgb, [1, image.height, image.width, 3], 'int32');
      let result: Awaited<ReturnType<typeof human.detect>> | undefined;
      try {
        result = await human.detect(tensor, settings);
        const faces = (result.face ?? []) as (HumanFace & { tensor?: Tensor })[];
        return await Promise.all(
          faces.map(async (face) => {
            const found = mapHumanFace(face);
            if (face.tensor) found.crop = await toFaceCrop(face.tensor);
            return found;
          }),
        );
      } finally {
        // human hands each face's crop over (detector.return) for its caller to dispose
        human.tf.dispose([tensor, ...(result?.face ?? []).flatMap((f) => (f.tensor ? [f.tensor as Tensor] : []))]);
      }
    },
    findTipped(image: DetectorInput) {
      return searchTippedFaces(image, { crop: crops });
    },
  };
}

/** Loads the models ahead of the first photo (benchmarks, the analysis Lambda's init phase). */
export async function warmUpLocalDetector(): Promise<void> {
  await sharedHuman();
  await warmUpTippedFace();
}
