/** The copies of a photo seen from above that only ever train (stage-model-fit.ts FitRow), measured as the engine measures them. */
import type { AnalysisDeps } from '#lambdas/analysis/offline.ts';
import { darkerCopy } from './darker-copy.ts';
import type { FitRow } from './stage-model-fit.ts';
import { turnedCopies } from './turned-copies.ts';

/** the photo turned by each quarter turn the engine reads from above, and with darker skin and light when it still does */
export async function trainingCopies(
  bytes: Uint8Array,
  deps: AnalysisDeps,
): Promise<Pick<FitRow, 'copies' | 'darker'>> {
  const darker = await darkerCopy(bytes, deps);
  return { copies: await turnedCopies(bytes, deps), ...(darker ? { darker } : {}) };
}
