import {
  type AnalysisDeps,
  AnalysisRejectedError,
  decodePhoto,
  measurePhoto,
  type NamedFeatures,
  SCORE_MODEL,
} from '#lambdas/analysis/offline.ts';

/** A training copy's features for the above model; none when the engine refuses the copy or reads it as a face. */
export async function aboveFeaturesOf(copy: Uint8Array, deps: AnalysisDeps): Promise<NamedFeatures | undefined> {
  try {
    const m = await measurePhoto(await decodePhoto(copy), deps);
    return SCORE_MODEL[m.view] === 'above' ? m.features : undefined;
  } catch (e) {
    if (e instanceof AnalysisRejectedError) return undefined;
    throw e;
  }
}
