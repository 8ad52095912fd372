/**
 * Files the analysis Lambda's bundle carries beside its index.mjs, named once for the bundling step
 * (infra/constructs/functions.ts) and the code that loads them.
 */

/** the segmentation models' worker thread, bundled on its own (lambdas/analysis/models/model-thread.ts) */
export const MODEL_THREAD_BUNDLE = 'model-thread.mjs';
