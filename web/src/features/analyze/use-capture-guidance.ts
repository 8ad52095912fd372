/**
 * Runs the live guidance on the camera preview: a few times a second the frame is drawn small, measured
 * (frame-reading.ts) and run past the face model (face-model.ts, loaded on first use), and the first failing rule
 * becomes the one instruction shown. Where the model finds no face in Hairline mode, the server's tipped-face search
 * runs too, at a reduced rate (tipped-schedule.ts). The shutter opens once the frame has passed for HOLD_MS, so a lucky
 * single frame does not count.
 */
import { useEffect, useRef, useState } from 'react';
import type { ConditionReadings } from '#shared/comparable.ts';
import { DETECT_SIDE, QUALITY_SIDE } from '#shared/capture-rules.ts';
import { captureInstruction, type CaptureMode, type RuleId } from './capture-guidance.ts';
import type { FaceModel } from './face-model.ts';
import { readNoHead, readQuality } from './frame-reading.ts';
import { tippedStep, type TippedMemory } from './tipped-schedule.ts';
import { liveReadings, MATCH_RULE, retakeInstruction } from './retake-guidance.ts';

/** how long a frame must keep passing before the shutter opens */
export const HOLD_MS = 800;
/** pause between two readings: the model takes most of a core on a phone, the preview must stay smooth */
const PAUSE_MS = 120;
/** a model still loading after this (a slow connection) is given up for this opening: the shutter is the user's */
const LOAD_TIMEOUT_MS = 20_000;

export type Guidance =
  | { status: 'loading' }
  /** the model or the canvas failed: the shutter is the user's call, and the dialog says so */
  | { status: 'unavailable' }
  | { status: 'guiding'; rule: RuleId | typeof MATCH_RULE; text: string; ready: boolean };

let modelPromise: Promise<FaceModel> | undefined;
/** one model per page, kept across openings of the dialog; a failed load is forgotten so the next opening retries */
function sharedModel(): Promise<FaceModel> {
  modelPromise ??= import('./face-model.ts')
    .then((m) => m.loadFaceModel())
    .catch((error: unknown) => {
      modelPromise = undefined;
      throw error;
    });
  return modelPromise;
}

function canvasOf(width: number, height: number): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } | null {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return ctx ? { canvas, ctx } : null;
}

/** User Timing names of the model runs (DevTools' performance panel; the browser test reads them) */
export const DETECT_MEASURE = 'capture-guidance:detect';
export const TIPPED_MEASURE = 'capture-guidance:tipped-search';
/** measures kept per name: enough to read a cost, bounded over a long session */
const MAX_MEASURES = 200;

async function timed<T>(name: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  if (performance.getEntriesByName(name, 'measure').length >= MAX_MEASURES) performance.clearMeasures(name);
  performance.measure(name, { start, end: performance.now() });
  return result;
}

const scaled = (w: number, h: number, side: number) => {
  const s = side / Math.max(w, h);
  return { width: Math.max(1, Math.round(w * s)), height: Math.max(1, Math.round(h * s)) };
};

/** `target`: last time's readings on a guided retake; the frame must then match them too. */
export function useCaptureGuidance(
  video: HTMLVideoElement | null,
  mode: CaptureMode,
  target: ConditionReadings | null = null,
): Guidance {
  const [guidance, setGuidance] = useState<Guidance>({ status: 'loading' });
  // read on each tick: switching the retake on or off does not restart the loop
  const targetRef = useRef(target);
  useEffect(() => {
    targetRef.current = target;
  });

  useEffect(() => {
    if (!video) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let passingSince: number | null = null;
    let tipped: TippedMemory | null = null;
    setGuidance({ status: 'loading' });

    const tick = async (model: FaceModel) => {
      if (stopped) return;
      if (video.videoWidth && video.readyState >= 2) {
        const q = scaled(video.videoWidth, video.videoHeight, QUALITY_SIDE);
        const d = scaled(video.videoWidth, video.videoHeight, DETECT_SIDE);
        const work = canvasOf(q.width, q.height),
          small = canvasOf(d.width, d.height);
        if (!work || !small) return setGuidance({ status: 'unavailable' });
        work.ctx.drawImage(video, 0, 0, q.width, q.height);
        small.ctx.drawImage(work.canvas, 0, 0, d.width, d.height);
        const smallPixels = small.ctx.getImageData(0, 0, d.width, d.height);
        let faces = await timed(DETECT_MEASURE, () => model.detect(small.canvas, smallPixels));
        if (stopped) return;
        const step = tippedStep(mode, faces, tipped, performance.now());
        if (step.kind === 'skip') tipped = null;
        else if (step.kind === 'reuse') faces = [...faces, ...step.faces];
        else {
          const at = performance.now();
          const found = await timed(TIPPED_MEASURE, () => model.findTipped(smallPixels));
          if (stopped) return;
          tipped = { at, took: performance.now() - at, faces: found };
          faces = [...faces, ...found];
        }
        const quality = readQuality(work.ctx.getImageData(0, 0, q.width, q.height));
        const frame = { ...quality, ...readNoHead(smallPixels), faces };
        let { rule, text }: { rule: RuleId | typeof MATCH_RULE; text: string } = captureInstruction(frame, mode);
        const match = targetRef.current && retakeInstruction(liveReadings(faces, quality.meanLuma), targetRef.current);
        if (rule === 'ready' && match) [rule, text] = [MATCH_RULE, match];
        const now = performance.now();
        passingSince = rule === 'ready' ? (passingSince ?? now) : null;
        setGuidance({ status: 'guiding', rule, text, ready: passingSince !== null && now - passingSince >= HOLD_MS });
      }
      timer = setTimeout(() => void tick(model).catch(fail), PAUSE_MS);
    };
    const fail = (error: unknown) => {
      if (stopped) return;
      console.warn('Camera guidance unavailable', error);
      setGuidance({ status: 'unavailable' });
    };

    const giveUp = setTimeout(() => {
      fail(new Error('the face model took too long to load'));
      stopped = true;
    }, LOAD_TIMEOUT_MS);
    sharedModel()
      .then((model) => {
        clearTimeout(giveUp);
        return tick(model);
      })
      .catch(fail);
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(giveUp);
    };
  }, [video, mode]);

  return guidance;
}
