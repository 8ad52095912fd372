/**
 * The hair model on a worker thread of its own. The models' WASM kernels run on the thread that calls them, so on the
 * main thread the hair model (about 80 ms a photo) waits for the face search and the face search for it; on its own
 * thread it runs while the face search runs, on the second core (bench:analysis, BENCHMARKS.md). Same code, same
 * backend, same numbers: the thread runs segmenter.ts.
 *
 * One thread per process, started at the first call or warm-up and kept; it does not keep the process alive while idle.
 * If it dies, the photos it held fail and the next call starts a new one.
 */
import { Worker } from 'node:worker_threads';
import { HAIR_THREAD_BUNDLE } from '#lambdas/config/analysis-bundle-files.ts';
import type { RgbImage } from '../photo/pixels.ts';
import type { HairSegmentation, HairSegmenter } from './segmenter.ts';
import type { ThreadReply, ThreadRequest } from './thread-messages.ts';

interface Pending {
  resolve: (reply: ThreadReply) => void;
  reject: (error: Error) => void;
}

let thread: { worker: Worker; pending: Map<number, Pending> } | undefined;
let nextId = 0;

/**
 * From source (tsx, vitest) the thread loads its .ts file through tsx's loader, which a worker's execArgv cannot
 * register before its entry loads on Node 20; in the Lambda bundle (import.meta.url is the bundle's .mjs) its bundle.
 */
function startWorker(): Worker {
  if (import.meta.url.endsWith('.ts')) {
    const entry = JSON.stringify(new URL('./segmenter-thread.ts', import.meta.url).href);
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); })`;
    return new Worker(boot, { eval: true });
  }
  return new Worker(new URL(`./${HAIR_THREAD_BUNDLE}`, import.meta.url));
}

function sharedThread(): NonNullable<typeof thread> {
  if (thread) return thread;
  const worker = startWorker();
  const pending = new Map<number, Pending>();
  const current = { worker, pending };
  const fail = (error: Error) => {
    if (thread === current) thread = undefined;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on('message', (reply: ThreadReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    p.resolve(reply);
  });
  worker.on('error', (e) => fail(new Error(`hair model thread: ${e.message}`)));
  worker.on('exit', (code) => fail(new Error(`hair model thread exited (code ${code})`)));
  worker.unref();
  thread = current;
  return current;
}

function ask(request: Omit<ThreadRequest, 'id'>): Promise<ThreadReply> {
  const { worker, pending } = sharedThread();
  const id = nextId++;
  return new Promise<ThreadReply>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // a pending photo keeps the process alive, an idle thread does not
    worker.ref();
    worker.postMessage({ ...request, id });
  }).then((reply) => {
    if (reply.error !== undefined) throw new Error(reply.error);
    return reply;
  });
}

export function createThreadedHairSegmenter(): HairSegmenter {
  return {
    async segment(image: RgbImage): Promise<HairSegmentation> {
      const reply = await ask({ kind: 'segment', image });
      return reply.segmentation!;
    },
  };
}

/** starts the thread and loads the model in it ahead of the first photo */
export async function warmUpHairThread(): Promise<void> {
  await ask({ kind: 'warm-up' });
}

/** ends the thread (tests that count threads; the process does not need it) */
export async function stopHairThread(): Promise<void> {
  const current = thread;
  thread = undefined;
  await current?.worker.terminate();
}
