/**
 * When the camera runs the tipped-face search (tipped-face-model.ts): it costs several model runs, so a live preview
 * runs it only where the server would, when the general detector finds no face, only in Hairline mode, and at a
 * reduced rate: at most every TIPPED_SEARCH_EVERY_MS, and on a slow device (tfjs's CPU backend, software WebGL) for no
 * more than a third of the time. Between two searches the last one's answer stands, so a bowed head that keeps still
 * keeps passing and the shutter's hold (use-capture-guidance.ts HOLD_MS) can run out.
 */
import { MIN_FACE_CONFIDENCE } from '#shared/capture-rules.ts';
import type { CaptureMode, FaceReading } from './capture-guidance.ts';

/** one search per this many milliseconds, at most: about every third reading of the guidance on a phone */
export const TIPPED_SEARCH_EVERY_MS = 400;
/** the next search waits this many times as long as the last one took: the search's share of the time is ≤ 1/3 */
export const TIPPED_COST_GAP = 3;

export interface TippedMemory {
  /** when the last search started (performance.now()), how long it took, and what it found */
  at: number;
  took: number;
  faces: FaceReading[];
}

export type TippedStep = { kind: 'skip' } | { kind: 'search' } | { kind: 'reuse'; faces: FaceReading[] };

/** What to do with the tipped search on this frame, given what the general detector found on it. */
export function tippedStep(
  mode: CaptureMode,
  detected: FaceReading[],
  last: TippedMemory | null,
  now: number,
): TippedStep {
  // as the server: the second search only where the first finds no face it trusts (engine.ts findFace)
  if (mode !== 'face' || detected.some((f) => f.confidence >= MIN_FACE_CONFIDENCE)) return { kind: 'skip' };
  const gap = last ? Math.max(TIPPED_SEARCH_EVERY_MS, TIPPED_COST_GAP * last.took) : 0;
  if (!last || now - last.at >= gap || now < last.at) return { kind: 'search' };
  return { kind: 'reuse', faces: last.faces };
}
