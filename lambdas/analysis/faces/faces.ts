/** Which detected faces count, and the refusals they trigger (several people, a minor). */
import { COMPARABLE_FACE_AREA as COMPARABLE_AREA, MIN_FACE_CONFIDENCE as CONFIDENT } from '#shared/capture-rules.ts';
import { AnalysisRejectedError } from '../errors.ts';
import type { AgeRange, DetectedFace } from '../types.ts';

const ADULT_AGE = 18;

const area = (f: DetectedFace) => f.box.width * f.box.height;

/** The main face, or undefined when none is confident; throws when the photo shows several people. */
export function mainFace(faces: DetectedFace[]): DetectedFace | undefined {
  const confident = faces.filter((f) => f.confidence >= CONFIDENT).sort((a, b) => area(b) - area(a));
  const main = confident[0];
  if (!main) return undefined;
  if (confident.slice(1).some((f) => area(f) >= COMPARABLE_AREA * area(main)))
    throw new AnalysisRejectedError('multiple_faces');
  return main;
}

/** The 18+ rule: refused only when the whole estimated range lies under 18. */
export function rejectMinor(age: AgeRange | undefined): void {
  if (age && age.high < ADULT_AGE) throw new AnalysisRejectedError('minor');
}
