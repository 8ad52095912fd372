/**
 * The models step: each third-party model file of the manifest (shared/model-files.ts) placed in the cache, from the
 * local mirror when it holds the file, else from the publisher's URL, and kept only when its SHA-256 is the pinned one.
 * Anything that stops it is a ModelStepError whose message is the one line to print.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { modelCacheDir } from '#lambdas/config/model-files.ts';
import { MODEL_FILES, type ModelFile } from '#shared/model-files.ts';
import { dataRequired, modelsMirrorDir } from '#infra/data-dirs.ts';

export class ModelStepError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelStepError';
  }
}

export interface ModelsOptions {
  /** where the files go: `<cacheDir>/<name>/<file>` */
  cacheDir: string;
  /** the local mirror, laid out like the cache */
  mirrorDir: string;
  /** the manifest; tests give their own */
  models?: readonly ModelFile[];
  /** how long a download may take */
  downloadTimeoutMs?: number;
}

export type Placement = 'cached' | 'mirror' | 'downloaded';

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const cachePath = (cacheDir: string, m: ModelFile) => path.join(cacheDir, m.name, m.file);

/**
 * The cheap check run before every start, test run and analysis command: the manifest's files that are not in the
 * cache at their pinned size (the hash is checked when a file is placed, not on every start).
 */
export function missingModels(cacheDir: string, models: readonly ModelFile[] = MODEL_FILES): ModelFile[] {
  return models.filter((m) => {
    const file = cachePath(cacheDir, m);
    return !existsSync(file) || statSync(file).size !== m.bytes;
  });
}

/** Places every file of the manifest in the cache; says where each came from. */
export async function ensureModels(opts: ModelsOptions): Promise<{ model: ModelFile; placement: Placement }[]> {
  const out: { model: ModelFile; placement: Placement }[] = [];
  for (const model of opts.models ?? MODEL_FILES) out.push({ model, placement: await ensureModel(model, opts) });
  return out;
}

async function ensureModel(m: ModelFile, opts: ModelsOptions): Promise<Placement> {
  const target = cachePath(opts.cacheDir, m);
  if (existsSync(target) && sha256Of(readFileSync(target)) === m.sha256) return 'cached';

  const mirrored = path.join(opts.mirrorDir, m.name, m.file);
  if (existsSync(mirrored)) {
    const got = sha256Of(readFileSync(mirrored));
    if (got !== m.sha256) {
      throw new ModelStepError(
        `models: ${mirrored} has SHA-256 ${got}, not the pinned ${m.sha256}: replace it with the publisher's file (${m.url}) or set MODELS_DIR to a mirror that holds it`,
      );
    }
    placeAtomically(target, (tmp) => copyFileSync(mirrored, tmp));
    return 'mirror';
  }

  const bytes = await download(m, mirrored, opts.downloadTimeoutMs ?? 120_000);
  const got = sha256Of(bytes);
  if (got !== m.sha256) {
    throw new ModelStepError(
      `models: ${m.url} gave ${m.file} with SHA-256 ${got}, not the pinned ${m.sha256}: nothing was placed; put the publisher's file in ${mirrored} (MODELS_DIR) and run \`npm run models\` again`,
    );
  }
  placeAtomically(target, (tmp) => writeFileSync(tmp, bytes));
  return 'downloaded';
}

async function download(m: ModelFile, mirrored: string, timeoutMs: number): Promise<Uint8Array> {
  const fail = (why: string) =>
    new ModelStepError(
      `models: ${m.file} was not found at ${mirrored} (MODELS_DIR) nor downloaded from ${m.url} (${why}): run \`npm run models\` with internet access, or set MODELS_DIR to a folder holding ${m.name}/${m.file}`,
    );
  let res: Response;
  try {
    res = await fetch(m.url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw fail(cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err)));
  }
  if (!res.ok) throw fail(`HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** a reader never sees half a file: written beside the target, then renamed over it */
function placeAtomically(target: string, write: (tmp: string) => void): void {
  mkdirSync(path.dirname(target), { recursive: true });
  const tmp = `${target}.${randomUUID()}.part`;
  try {
    write(tmp);
    // a mirror's copy may be read-only; the cache's own is the user's to replace
    chmodSync(tmp, 0o644);
    renameSync(tmp, target);
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * The models step as the commands run it: nothing to do when the cache is complete (the cheap check, unless `always`),
 * else ensureModels with one line per file placed. A failure prints its one line and exits 2; with `optional`
 * (`npm start`, `npm test`) it only prints it and returns false, except under REQUIRE_DATA=1.
 */
export async function runModelsStep(opts: { optional?: boolean; always?: boolean } = {}): Promise<boolean> {
  const cacheDir = modelCacheDir();
  if (!opts.always && missingModels(cacheDir).length === 0) return true;
  try {
    for (const { model, placement } of await ensureModels({ cacheDir, mirrorDir: modelsMirrorDir() })) {
      const where = path.relative(process.cwd(), path.join(cacheDir, model.name, model.file));
      if (placement === 'cached') console.log(`models: ${where} is in place (SHA-256 checked)`);
      else console.log(`models: ${where} placed from the ${placement === 'mirror' ? 'mirror' : 'publisher'}`);
    }
    return true;
  } catch (err) {
    if (!(err instanceof ModelStepError)) throw err;
    console.error(err.message);
    if (opts.optional && !dataRequired()) return false;
    process.exit(2);
  }
}
