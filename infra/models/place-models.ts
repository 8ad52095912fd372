/**
 * `npm run models [-- --if-missing] [-- --optional]`: places every third-party model file of shared/model-files.ts in
 * the cache (MODEL_CACHE_DIR, default .models/) from MODELS_DIR (default ../shared/models) or else the publisher's URL,
 * SHA-256 checked. --if-missing: nothing to do when every file is there (the cheap check the other commands run).
 * --optional: a file that cannot be had is one line, not a failure (unless REQUIRE_DATA=1).
 * The CDK bundling of the analysis function runs it too (infra/constructs/functions.ts).
 */
import { parseArgs } from 'node:util';
import { runModelsStep } from './models-step.ts';

const USAGE = 'npm run models -- [--if-missing] [--optional]';
const options = {
  'if-missing': { type: 'boolean', default: false },
  optional: { type: 'boolean', default: false },
} as const;

let values: { 'if-missing': boolean; optional: boolean };
try {
  ({ values } = parseArgs({ options, strict: true }));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\nusage: ${USAGE}`);
  process.exit(2);
}
await runModelsStep({ always: !values['if-missing'], optional: values.optional });
