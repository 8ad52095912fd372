/**
 * When two ratings can be compared: how far each capture condition may move between two photos before the score moves
 * by more than 3 points, and the words that say which condition differed. The API refuses progress between ratings out
 * of tolerance (lambdas/domain/progress.ts), the result and history say so, and the camera's guided retake holds the
 * shutter until the live frame is within them ("match last time").
 */
import type { CaptureCondition, CaptureConditions, ConditionDifference } from './schemas.ts';
import { RETAKE_TOLERANCES } from './retake-tolerances.ts';

export { RETAKE_TOLERANCES };

/** a ratio of two positive readings, the larger over the smaller (1 when equal) */
const ratio = (a: number, b: number) => Math.max(a, b) / Math.max(1e-9, Math.min(a, b));
const longSide = (c: Pick<CaptureConditions, 'width' | 'height'>) => Math.max(c.width, c.height);

/** The readings a live camera frame and a stored rating share (the retake compares these). */
export type ConditionReadings = Pick<CaptureConditions, 'pitch' | 'yaw' | 'roll' | 'size' | 'brightness'> & {
  /** the photo's long side in pixels; absent for a live frame (the capture keeps the camera's own size) */
  longSide?: number;
};

export const readingsOf = (c: CaptureConditions): ConditionReadings => ({
  pitch: c.pitch,
  yaw: c.yaw,
  roll: c.roll,
  size: c.size,
  brightness: c.brightness,
  longSide: longSide(c),
});

/** [now, before] of each condition both readings have */
function pairs(now: ConditionReadings, before: ConditionReadings): [CaptureCondition, number, number][] {
  const out: [CaptureCondition, number, number][] = [];
  for (const key of ['pitch', 'yaw', 'roll', 'size', 'brightness'] as const) {
    const a = now[key],
      b = before[key];
    if (typeof a === 'number' && typeof b === 'number') out.push([key, a, b]);
  }
  if (now.longSide !== undefined && before.longSide !== undefined)
    out.push(['resolution', now.longSide, before.longSide]);
  return out;
}

/** whether one condition moved no further than its tolerance */
export function withinTolerance(condition: CaptureCondition, now: number, before: number): boolean {
  const t = RETAKE_TOLERANCES;
  switch (condition) {
    case 'pitch':
    case 'yaw':
      return Math.abs(now - before) <= t.poseDegrees;
    case 'roll':
      return Math.abs(now - before) <= t.rollDegrees;
    case 'size':
      return ratio(now, before) <= t.sizeRatio;
    case 'brightness':
      return ratio(now, before) <= t.brightnessRatio;
    case 'resolution':
      return ratio(now, before) <= t.resolutionRatio;
  }
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The conditions out of tolerance between two photos of the same view, in the order the guidance fixes them. */
export function conditionDifferences(now: ConditionReadings, before: ConditionReadings): ConditionDifference[] {
  return pairs(now, before)
    .filter(([condition, a, b]) => !withinTolerance(condition, a, b))
    .map(([condition, a, b]) => {
      const places = condition === 'size' ? 4 : 1;
      return { condition, now: round(a, places), before: round(b, places) };
    });
}

/** What differed, in words for the result and history: "you were further from the camera". */
export function differencePhrase({ condition, now, before }: ConditionDifference): string {
  const more = now > before;
  switch (condition) {
    case 'size':
      return more ? 'you were closer to the camera' : 'you were further from the camera';
    case 'brightness':
      return more ? 'the light was brighter' : 'the light was dimmer';
    case 'pitch':
      return more ? 'your head was tipped further down' : 'your head was tipped further back';
    case 'yaw':
      return 'your head was turned differently';
    case 'roll':
      return 'your head was tilted differently';
    case 'resolution':
      return more ? 'the photo was larger' : 'the photo was smaller';
  }
}

/** "Not comparable with last time: you were further from the camera and the light was dimmer." */
export function incomparableSentence(differences: ConditionDifference[]): string {
  const phrases = [...new Set(differences.map(differencePhrase))];
  const list = phrases.length > 1 ? `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1)}` : (phrases[0] ?? '');
  return list
    ? `Not comparable with last time: ${list}. Retake like last time to see your progress.`
    : 'Not comparable with last time. Retake like last time to see your progress.';
}

/** the guided retake's name, on the camera and on the result that offers it */
export const RETAKE_LABEL = 'Retake like last time';

export const COMPARABLE_SENTENCE = 'Taken like last time: pose, distance and light match, so the change is real.';

/** The guided retake's instruction for the first condition out of tolerance (live frame against last time). */
export function matchInstruction(difference: ConditionDifference): string {
  const more = difference.now > difference.before;
  switch (difference.condition) {
    case 'size':
      return more ? 'Move back a little to match last time' : 'Move closer to match last time';
    case 'brightness':
      return more ? 'Less light to match last time' : 'More light to match last time';
    case 'pitch':
      return more ? 'Lift your chin a little to match last time' : 'Tip your head down a little to match last time';
    case 'yaw':
      return 'Turn your head to match last time';
    case 'roll':
      return 'Tilt your head to match last time';
    case 'resolution':
      return 'Use the same camera as last time';
  }
}
