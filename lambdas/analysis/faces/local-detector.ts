/** Local face detector: @vladmandic/human (blazeface + facemesh + faceres) on the tfjs WASM backend, no native tfjs. */
import { sharedHuman } from '../models/human-runtime.ts';
import { MESH_POINTS } from './mesh-points.ts';
import { findTippedFace, warmUpTippedFace } from './tipped-face.ts';
import type { DetectOverrides, FaceResult } from '../models/tf-runtime.ts';
import type { DetectedFace, DetectorInput, FaceDetector } from '../types.ts';

/** faceres ages are coarse (they cluster in the 20s), so the range is wide to keep adults from being refused */
const AGE_SPREAD = 7;
const RAD = 180 / Math.PI;

/** the parts of a human face result this code reads (the rest depends on which models ran) */
export interface HumanFace {
  box: FaceResult['box'];
  mesh?: FaceResult['mesh'];
  rotation?: { angle: { yaw: number; pitch: number; roll: number } } | null;
  faceScore?: number;
  boxScore?: number;
  score?: number;
  age?: number;
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
  if (typeof face.age === 'number' && face.age > 0) {
    out.ageRange = { low: Math.max(0, Math.round(face.age - AGE_SPREAD)), high: Math.round(face.age + AGE_SPREAD) };
  }
  if (angle) out.pose = { yaw: angle.yaw * RAD, pitch: angle.pitch * RAD, roll: angle.roll * RAD };
  return out;
}

export interface LocalDetectorOptions {
  /**
   * faceres's age estimate for the 18+ check, on every face found: about 150 ms per face photo on this machine, so it
   * runs only when nothing else answers the age check (Rekognition does in AWS)
   */
  ages: boolean;
}

export function createLocalFaceDetector({ ages }: LocalDetectorOptions = { ages: true }): FaceDetector {
  // passed on every call: the one human instance keeps the last settings it was given
  const settings: DetectOverrides = { face: { description: { enabled: ages } } };
  return {
    async detect(image: DetectorInput) {
      const human = await sharedHuman();
      const tensor = human.tf.tensor4d(image.rgb, [1, image.height, image.width, 3], 'int32');
      try {
        const result = await human.detect(tensor, settings);
        return (result.face ?? []).map(mapHumanFace);
      } finally {
        human.tf.dispose(tensor);
      }
    },
    async findTipped(image: DetectorInput) {
      const face = await findTippedFace(image);
      return face ? [face] : [];
    },
  };
}

/** Loads the models ahead of the first photo (benchmarks, the analysis Lambda's init phase). */
export async function warmUpLocalDetector(): Promise<void> {
  await sharedHuman();
  await warmUpTippedFace();
}
