/**
 * The guided retake's part of the live guidance: once a frame passes every rule the server refuses on, it must also be
 * taken like last time (pose, face size and light within shared/comparable.ts's tolerances) before the shutter opens.
 */
import { MIN_FACE_CONFIDENCE } from '#shared/capture-rules.ts';
import { conditionDifferences, matchInstruction, type ConditionReadings } from '#shared/comparable.ts';
import type { CaptureConditions } from '#shared/schemas.ts';
import type { FaceReading } from './capture-guidance.ts';

export const MATCH_RULE = 'match_last_time';
/** the line under the preview on a guided retake, in place of the oval's */
export const RETAKE_GUIDE_HINT = "Line your head up with last time's outline";

/** The readings a live frame can be compared on: the main face's pose and size (none in crown mode) and the light. */
export function liveReadings(faces: readonly FaceReading[], meanLuma: number): ConditionReadings {
  const main = faces.filter((f) => f.confidence >= MIN_FACE_CONFIDENCE).sort((a, b) => b.area - a.area)[0];
  return {
    pitch: main ? main.pitch : null,
    yaw: main ? main.yaw : null,
    roll: main?.roll ?? null,
    size: main?.faceUnit ?? null,
    brightness: meanLuma,
  };
}

/** last time's readings without the photo's pixel size: the capture keeps the camera's own */
export function targetOf(conditions: CaptureConditions): ConditionReadings {
  const { pitch, yaw, roll, size, brightness } = conditions;
  return { pitch, yaw, roll, size, brightness };
}

/** The instruction for the first condition out of tolerance, or undefined once the frame matches last time. */
export function retakeInstruction(live: ConditionReadings, target: ConditionReadings): string | undefined {
  const first = conditionDifferences(live, target)[0];
  return first ? matchInstruction(first) : undefined;
}
