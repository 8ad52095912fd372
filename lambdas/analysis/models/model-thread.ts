/**
 * The two segmentation models (hair, person) and the local age estimate on a worker thread of their own. The models'
 * WASM kernels run on the thread that calls them, so on the main thread the masks (about 70-90 ms for the hair model,
 * 20-25 for the person model) wait for the face search and the face search for them; on their own thread they run
 * while the face search runs, on the second core (BENCHMARKS.md, "Hairline analysis v4.3"), and the age estimate
 * (about 150 ms) while the photo is measured (v4.4). Same code, same backend, same numbers: the thread runs
 * hair-mask/segmenter.ts, person/person-segmenter.ts and faces/face-age.ts.
 *
 * One thread per process, started at the first call or warm-up and kept; it does not keep the process alive while
 * idle. If it dies, the photos it held fail and the next call starts a new one.
 */
import { Worker } from 'node:worker_threads';
import { MODEL_THREAD_BUNDLE } from '#lambdas/config/analysis-bundle-files.ts';
import type { HairSegmenter } from '../hair-mask/segmenter.ts';
import type { PersonSegmenter } from '../person/person-segmenter.ts';
import type { FaceCrop } from '../types.ts';
import type { ThreadReply, ThreadRequest } from './model-thread-messages.ts';

interface Pending {
  resolve: (reply: ThreadReply) => void;
  reject: (error: Error) => void;
}

let thread: { worker: Worker; pending: Map<number, Pending> } | undefined;
let nextId = 0;

/**
 * From source (tsx, vitest) the thread loads its .ts file through tsx's loader, which a worker's execArgv cannot
 * register before its entry loads on Node 20 (both resolved here, so the thread finds them from any working
 * directory); in the Lambda bundle (import.meta.url is the bundle's .mjs) its bundle.
 */
function startWorker(): Worker {
  if (import.meta.url.endsWith('.ts')) {
    const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
    const entry = JSON.stringify(new URL('./model-thread-entry.ts', import.meta.url).href);
    const boot = `import(${tsx}).then(({ register }) => { register(); return import(${entry}); })`;
    return new Worker(boot, { eval: true });
  }
  return new Worker(new URL(`./${MODEL_THREAD_BUNDLE}`, import.meta.url));
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
  worker.on('error', (e) => fail(new Error(`model thread: ${e.message}`)));
  worker.on('exit', (code) => fail(new Error(`model thread exited (code ${code})`)));
  worker.unref();
  thread = current;
  return current;
}

/** a request before it is given its id: each kind of ThreadRequest without `id` */
type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;
type Request = WithoutId<ThreadRequest>;

function ask(request: Request): Promise<ThreadReply> {
  const { worker, pending } = sharedThread();
  const id = nextId++;
  return new Promise<ThreadReply>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // a pending mask keeps the process alive, an idle thread does not
    worker.ref();
    worker.postMessage({ ...request, id });
  }).then((reply) => {
    if (reply.error !== undefined) throw new Error(reply.error);
    return reply;
  });
}

export function createThreadedHairSegmenter(): HairSegmenter {
  return {
    segment: async (image) => (await ask({ kind: 'hair', image })).hair!,
  };
}

export function createThreadedPersonSegmenter(): PersonSegmenter {
  return {
    segment: async (image) => (await ask({ kind: 'person', image })).person!,
  };
}

/** faces/face-age.ts's estimateAge, on the thread */
export async function threadedAgeEstimate(crop: FaceCrop): Promise<number | undefined> {
  return (await ask({ kind: 'age', crop })).age;
}

/** starts the thread and loads its models ahead of the first photo: both masks', and with `ages` the age model */
export async function warmUpModelThread({ ages }: { ages: boolean }): Promise<void> {
  await ask({ kind: 'warm-up', ages });
}

/** ends the thread (its tests; the process does not need it) */
export async function stopModelThread(): Promise<void> {
  const current = thread;
  thread = undefined;
  await current?.worker.terminate();
}
