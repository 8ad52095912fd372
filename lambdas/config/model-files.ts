/**
 * Where the engine finds a third-party model file at run time: MODEL_CACHE_DIR (set by the CDK stack to the folder the
 * analysis bundle carries them in), else the repository's `.models/` cache that `npm run models` fills. Nothing is
 * downloaded here: a missing file is a ModelUnavailableError, which the API answers with 503 before any charge.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { modelFile, type ModelName } from '#shared/model-files.ts';

export class ModelUnavailableError extends Error {
  constructor(readonly file: string) {
    super(`model file missing: ${file} (run \`npm run models\`)`);
    this.name = 'ModelUnavailableError';
  }
}

export function modelCacheDir(): string {
  return process.env.MODEL_CACHE_DIR ?? fileURLToPath(new URL('../../.models', import.meta.url));
}

export function modelFilePath(name: ModelName): string {
  return path.join(modelCacheDir(), name, modelFile(name).file);
}

/** the path of a model file that must be there, or a ModelUnavailableError naming it */
export function requireModelFile(name: ModelName): string {
  const file = modelFilePath(name);
  if (!existsSync(file)) throw new ModelUnavailableError(file);
  return file;
}
