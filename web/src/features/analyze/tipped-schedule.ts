/**
 * When the camera runs the tipped-face search (tipped-face-model.ts): it costs several model runs, so a live preview
 * runs it only where the server would, when the general detector finds no face, only in Hairline mode, and at most every
 * TIPPED_SEARCH_EVERY_MS. Between two searches the last one's answer stands, so a bowed head that keeps still keeps
 * passing and the shutter's hold (use-capture-guidance.ts HOLD_MS) can run out.
 */
import { MIN_FACE_CONFIDENCE } from '#shared/capture-rules.ts';
import type { CaptureMode, FaceReading } from './capture-guidance.ts';

/** one search per this many milliseconds, at most: about every third reading of the guidance */
export const TIPPED_SEARCH_EVERY_MS = 400;

export interface TippedMemory {
  /** when the last search ran (performance.now()), and what it found */
  at: number;
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
  if (!last || now - last.at >= TIPPED_SEARCH_EVERY_MS || now < last.at) return { kind: 'search' };
  return { kind: 'reuse', faces: last.faces };
}
