/**
 * The one @vladmandic/human instance of each thread (blazeface and facemesh on the tfjs WASM backend, no native tfjs):
 * the face detector and the tipped-face search use it with its models; the hair and person segmenters and the age
 * estimate (faces/face-age.ts, human's faceres loaded as a plain graph) only its tfjs, on the model threads
 * (models/model-thread.ts), where human's own models are never loaded.
 */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FACE_DETECTOR_CONFIG } from '#shared/face-detector-config.ts';
import { humanModelsDir, humanPackageDir } from '#lambdas/config/model-files.ts';
import { onceAsync } from '#shared/once.ts';
import type { HumanModule, HumanRuntime, Tf } from './tf-runtime.ts';

const require = createRequire(import.meta.url);

async function fileFetch(url: string): Promise<Response> {
  const body = await readFile(fileURLToPath(url));
  const type = url.endsWith('.json') ? 'application/json' : 'application/octet-stream';
  return new Response(body, { status: 200, headers: { 'content-type': type } });
}

/** human with its tfjs WASM backend ready and none of its models loaded */
async function createHuman(): Promise<HumanRuntime> {
  const humanDir = humanPackageDir();
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  const { Human } = require(path.join(humanDir, 'dist', 'human.node-wasm.js')) as HumanModule;
  const human = new Human({
    ...FACE_DETECTOR_CONFIG,
    backend: 'wasm',
    modelBasePath: 'file://' + humanModelsDir() + '/',
    wasmPath: wasmDir + '/',
    wasmPlatformFetch: false,
  });
  globalThis.fetch = wrapFetch(globalThis.fetch);
  await human.init();
  await human.tf.ready();
  return human;
}

/** marks the fetch that already serves file:// URLs, so a second load does not wrap it again */
const FILE_AWARE = Symbol('fileAware');

/** Node's fetch refuses file:// URLs and human loads its model JSON and weights through the global fetch: serve those from disk. */
function wrapFetch(original: typeof fetch): typeof fetch {
  if (FILE_AWARE in original) return original;
  const urlOf = (input: Parameters<typeof fetch>[0]) =>
    typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const wrapped: typeof fetch = (input, init) =>
    urlOf(input).startsWith('file://') ? fileFetch(urlOf(input)) : original(input, init);
  return Object.assign(wrapped, { [FILE_AWARE]: true });
}

/** one human per thread; a failed start or load is forgotten so the next photo retries */
const sharedRuntime = onceAsync(createHuman);

/** the thread's tfjs (human's copy, WASM backend) without human's face models */
export async function sharedTf(): Promise<Tf> {
  return (await sharedRuntime()).tf;
}

/** the thread's human with its face models loaded */
export const sharedHuman: () => Promise<HumanRuntime> = onceAsync(async () => {
  const human = await sharedRuntime();
  await human.load();
  return human;
});
