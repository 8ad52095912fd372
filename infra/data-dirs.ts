/**
 * The folders beside the repository that hold what it must not carry (third-party photos and model files), read by
 * the eval, fit and bench commands, the tests and the models step alike. The defaults are `../shared/…`, where a
 * checkout sits beside the shared data folder.
 */
import path from 'node:path';

const BESIDE_REPO = path.resolve(import.meta.dirname, '..', '..', 'shared');

/** the labelled development photo sets: DATASETS_DIR, else ../shared/datasets */
export function datasetsRoot(): string {
  return process.env.DATASETS_DIR ?? path.join(BESIDE_REPO, 'datasets');
}

/** a local mirror of the model files, laid out `<dir>/<name>/<file>`: MODELS_DIR, else ../shared/models */
export function modelsMirrorDir(): string {
  return process.env.MODELS_DIR ?? path.join(BESIDE_REPO, 'models');
}

/** REQUIRE_DATA=1 (CI): a missing photo folder or model file fails instead of skipping */
export function dataRequired(): boolean {
  return process.env.REQUIRE_DATA === '1';
}
