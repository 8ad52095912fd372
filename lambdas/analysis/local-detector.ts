/** Local face detector: @vladmandic/human (blazeface + facemesh + faceres) on the tfjs WASM backend, no native tfjs. */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESH_POINTS } from './mesh-points.ts';
import { packageDir } from './package-dir.ts';
import { findTippedFace, warmUpTippedFace } from './tipped-face.ts';
import type { DetectedFace, DetectorInput, FaceDetector } from './types.ts';

const require = createRequire(import.meta.url);

/** faceres ages are coarse (they cluster in the 20s), so the range is wide to keep adults from being refused */
const AGE_SPREAD = 7;
const RAD = 180 / Math.PI;

type Human = any;
let humanPromise: Promise<Human> | undefined;

async function fileFetch(url: string): Promise<Response> {
  const body = await readFile(fileURLToPath(url));
  const type = url.endsWith('.json') ? 'application/json' : 'application/octet-stream';
  return new Response(body, { status: 200, headers: { 'content-type': type } });
}

async function loadHuman(): Promise<Human> {
  const humanDir = packageDir('@vladmandic/human');
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  const { Human } = require(path.join(humanDir, 'dist', 'human.node-wasm.js'));
  const human = new Human({
    backend: 'wasm',
    modelBasePath: 'file://' + path.join(humanDir, 'models') + '/',
    wasmPath: wasmDir + '/',
    wasmPlatformFetch: false,
    debug: false,
    cacheSensitivity: 0,
    async: true,
    face: {
      enabled: true,
      detector: { enabled: true, rotation: true, maxDetected: 4, minConfidence: 0.5, return: false },
      mesh: { enabled: true },
      iris: { enabled: false },
      description: { enabled: true },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      attention: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    filter: { enabled: false },
  });
  globalThis.fetch = wrapFetch(globalThis.fetch);
  await human.load();
  await human.tf.ready();
  return human;
}

/** Node's fetch refuses file:// URLs and human loads its model JSON and weights through the global fetch: serve those from disk. */
function wrapFetch(original: typeof fetch): typeof fetch {
  if ((original as any).__fileAware) return original;
  const wrapped = ((input: any, init?: RequestInit) =>
    String(input?.url ?? input).startsWith('file://')
      ? fileFetch(String(input?.url ?? input))
      : original(input, init)) as typeof fetch;
  (wrapped as any).__fileAware = true;
  return wrapped;
}

export function mapHumanFace(face: any): DetectedFace {
  const [x, y, width, height] = face.box as number[];
  const landmarks: DetectedFace['landmarks'] = {};
  const mesh: number[][] = face.mesh ?? [];
  if (mesh.length >= 468) {
    for (const [name, idx] of Object.entries(MESH_POINTS)) {
      const p = mesh[idx]!;
      landmarks[name] = { x: p[0]!, y: p[1]! };
    }
  }
  const angle = face.rotation?.angle;
  const out: DetectedFace = {
    box: { x: x!, y: y!, width: width!, height: height! },
    landmarks,
    confidence: Math.max(0, Math.min(1, face.faceScore ?? face.boxScore ?? face.score ?? 0)),
  };
  if (typeof face.age === 'number' && face.age > 0) {
    out.ageRange = { low: Math.max(0, Math.round(face.age - AGE_SPREAD)), high: Math.round(face.age + AGE_SPREAD) };
  }
  if (angle) out.pose = { yaw: angle.yaw * RAD, pitch: angle.pitch * RAD, roll: angle.roll * RAD };
  return out;
}

export function createLocalFaceDetector(): FaceDetector {
  return {
    async detect(image: DetectorInput) {
      const human = await sharedHuman();
      const tensor = human.tf.tensor4d(image.rgb, [1, image.height, image.width, 3], 'int32');
      try {
        const result = await human.detect(tensor);
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

/** one load per process; a failed load is forgotten so the next photo retries */
export function sharedHuman(): Promise<Human> {
  humanPromise ??= loadHuman().catch((e) => {
    humanPromise = undefined;
    throw e;
  });
  return humanPromise;
}
