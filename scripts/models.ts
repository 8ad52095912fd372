/**
 * `npm run models [-- --if-missing] [-- --optional]`: places every third-party model file of shared/model-files.ts in
 * the cache (MODEL_CACHE_DIR, default .models/) from MODELS_DIR (default ../shared/models) or else the publisher's URL,
 * SHA-256 checked. --if-missing: nothing to do when every file is there (the cheap check the other commands run).
 * --optional: a file that cannot be had is one line, not a failure (unless REQUIRE_DATA=1).
 */
import { readArgs } from './lib/cli.ts';
import { runModelsStep } from './lib/models.ts';

const { values } = readArgs('npm run models -- [--if-missing] [--optional]', {
  'if-missing': { type: 'boolean', default: false },
  optional: { type: 'boolean', default: false },
});
await runModelsStep({ always: !values['if-missing'], optional: values.optional });
