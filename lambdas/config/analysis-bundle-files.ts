/**
 * Files the analysis Lambda's bundle carries beside its index.mjs, named once for the bundling step
 * (infra/constructs/functions.ts) and the code that loads them.
 */

/** the hair model's worker thread, bundled on its own (lambdas/analysis/hair-mask/threaded-segmenter.ts) */
export const HAIR_THREAD_BUNDLE = 'hair-segmenter-thread.mjs';
