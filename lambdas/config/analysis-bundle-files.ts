/**
 * Files the analysis Lambda's bundle carries beside its index.mjs, named once for the bundling step
 * (infra/constructs/functions.ts) and the code that loads them.
 */

/** the models' worker thread (masks, local age model), bundled on its own (lambdas/analysis/models/model-thread.ts) */
export const MODEL_THREAD_BUNDLE = 'model-thread.mjs';
