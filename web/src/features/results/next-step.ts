import type { AnalysisResult } from '#shared/schemas.ts';
import { REMINDER_INTERVAL_DAYS } from '#shared/reminders.ts';

const WEEKS = REMINDER_INTERVAL_DAYS / 7;

/**
 * The one thing to do after a result, in a sentence. A hairline changes slowly and only a photo taken the same way
 * shows it: so the next step is the retake, and with a previous photo that was not comparable, how to make it so.
 */
export function nextStep(result: Pick<AnalysisResult, 'progress'>): string {
  if (result.progress && result.progress.comparable === false) {
    return 'Next: retake like last time (same distance, angle and light) to see your real progress.';
  }
  return `Next: retake in ${WEEKS} weeks, taken the same way, to see whether your hairline changes.`;
}
