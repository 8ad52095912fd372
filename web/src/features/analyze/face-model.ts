/**
 * The face model in the browser: the same detector and mesh the server runs (@vladmandic/human: BlazeFace + MediaPipe
 * FaceMesh, with the mesh's pose), loaded only when the camera opens (CameraDialog imports this file dynamically, and
 * this file imports human dynamically), from our own origin (/capture-models/, copied from the npm package by the
 * build: web/capture-models.ts). WebGL when the browser has it, tfjs's CPU backend otherwise (slower, same numbers).
 * With it, the server's second search for a head bowed far down (tipped-face-model.ts), run when the detector misses.
 */
import { FACE_DETECTOR_CONFIG } from '#shared/face-detector-config.ts';
import { FACE_UNIT_POINTS } from '#shared/capture-rules.ts';
import { faceColourSpread } from '#shared/photo-quality.ts';
import type { FaceReading } from './capture-guidance.ts';
import { foreheadSkinShare, type Point, type Rgba } from './frame-reading.ts';
import { findTippedFaces, loadTippedModels } from './tipped-face-model.ts';

export const CAPTURE_MODEL_BASE = '/capture-models/';
const RAD = 180 / Math.PI;
/** the mesh point between the eyes (above the nose bridge): the face's own skin colour for the forehead check */
const BETWEEN_EYES = 168;

export interface FaceModel {
  backend: string;
  detect(canvas: HTMLCanvasElement, pixels: Rgba): Promise<FaceReading[]>;
  /** the server's tipped-face search on the same frame: the face of a head bowed too far for `detect`, or none */
  findTipped(pixels: ImageData): Promise<FaceReading[]>;
}

// the server's detector settings, served from the site
const CONFIG = { ...FACE_DETECTOR_CONFIG, modelBasePath: CAPTURE_MODEL_BASE, warmup: 'none' };

/** Loads the models on the first backend that starts; throws when none does (the dialog then falls back to manual). */
export async function loadFaceModel(): Promise<FaceModel> {
  const { Human } = await import('@vladmandic/human');
  let lastError: unknown;
  for (const backend of ['webgl', 'cpu']) {
    try {
      const human = new Human({ ...CONFIG, backend } as never);
      await human.init();
      if ((human.tf as { getBackend: () => string }).getBackend() !== backend)
        throw new Error(`backend ${backend} did not start`);
      await human.load();
      // without the tipped search the guidance still runs (a head bowed far down is then asked to lift)
      const tipped = await loadTippedModels(human.tf, CAPTURE_MODEL_BASE, loadedMesh(human)).catch((error: unknown) => {
        console.warn('Tipped-face search unavailable', error);
        return undefined;
      });
      return {
        backend,
        detect: (canvas, pixels) => detect(human, canvas, pixels),
        findTipped: async (pixels) => {
          if (!tipped) return [];
          const long = Math.max(pixels.width, pixels.height),
            frame = pixels.width * pixels.height;
          return (await findTippedFaces(tipped, pixels)).map((face) => reading(face, long, frame, pixels));
        },
      };
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error('no backend for the face model');
}

/** human's own FaceMesh, once loaded: the tipped search runs the same model */
const loadedMesh = (human: unknown): unknown =>
  (human as { models?: { models?: Record<string, unknown> } }).models?.models?.facemesh ?? undefined;

interface HumanFace {
  box: [number, number, number, number];
  mesh: [number, number, number?][];
  faceScore?: number;
  boxScore?: number;
  score?: number;
  rotation?: { angle: { yaw: number; pitch: number; roll: number } } | null;
}

interface Detector {
  detect(input: HTMLCanvasElement): Promise<{ face: unknown[] }>;
}

async function detect(human: Detector, canvas: HTMLCanvasElement, pixels: Rgba): Promise<FaceReading[]> {
  const result = await human.detect(canvas);
  const long = Math.max(canvas.width, canvas.height),
    frame = canvas.width * canvas.height;
  return (result.face as HumanFace[]).map((face) => reading(face, long, frame, pixels));
}

function reading(face: HumanFace, long: number, frame: number, pixels: Rgba): FaceReading {
  const angle = face.rotation?.angle;
  const at = (i: number): Point | undefined => {
    const p = face.mesh[i];
    return p ? { x: p[0], y: p[1] } : undefined;
  };
  const [bl, br, nose, between] = [
    at(FACE_UNIT_POINTS.browLeft),
    at(FACE_UNIT_POINTS.browRight),
    at(FACE_UNIT_POINTS.noseBase),
    at(BETWEEN_EYES),
  ];
  const brows = bl && br ? { x: (bl.x + br.x) / 2, y: (bl.y + br.y) / 2 } : undefined;
  const unit = brows && nose ? Math.hypot(brows.x - nose.x, brows.y - nose.y) : undefined;
  return {
    confidence: Math.max(0, Math.min(1, face.faceScore ?? face.boxScore ?? face.score ?? 0)),
    area: (face.box[2] * face.box[3]) / frame,
    yaw: (angle?.yaw ?? 0) * RAD,
    pitch: (angle?.pitch ?? 0) * RAD,
    roll: (angle?.roll ?? 0) * RAD,
    faceUnit: unit === undefined ? null : unit / long,
    foreheadSkin: brows && nose && between ? foreheadSkinShare(pixels, brows, nose, between) : null,
    colourSpread: faceColourSpread(
      { data: pixels.data, width: pixels.width, height: pixels.height, channels: 4 },
      { x: face.box[0], y: face.box[1], width: face.box[2], height: face.box[3] },
    ),
  };
}
