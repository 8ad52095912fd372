/**
 * The two segmentation models (hair, person) on a worker thread of their own, and the local age estimate on another.
 * The models' WASM kernels run on the thread that calls them, so on the main thread the masks (about 70-90 ms for the
 * hair model, 20-25 for the person model) wait for the face search and the face search for them; on their own thread
 * they run while the face search runs, on the second core (docs/benchmarks-log.md, "Hairline analysis v4.3"). The age
 * estimate (about 130 ms) is asked for when the face is found, while the masks' thread is still busy: on a thread of
 * its own it runs while this one measures the photo (v4.4). Same code, same backend, same numbers: the threads run
 * hair-mask/segmenter.ts, person/person-segmenter.ts and faces/face-age.ts.
 *
 * One thread per role and process, started at its first call or warm-up and kept; it does not keep the process alive
 * while idle. If it dies, the photos it held fail and the next call starts a new one.
 */
import { Worker } from 'node:worker_threads';
import { MODEL_THREAD_BUNDLE } from '#lambdas/config/analysis-bundle-files.ts';
import type { HairSegmenter } from '../hair-mask/segmenter.ts';
import type { PersonSegmenter } from '../person/person-segmenter.ts';
import type { FaceresReading } from '../faces/face-age.ts';
import type { FaceCrop } from '../types.ts';
import type { ThreadReply, ThreadRequest, ThreadRole } from './model-thread-messages.ts';

interface Pending {
  resolve: (reply: ThreadReply) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

const threads = new Map<ThreadRole, Thread>();
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

function sharedThread(role: ThreadRole): Thread {
  const running = threads.get(role);
  if (running) return running;
  const worker = startWorker();
  const current: Thread = { worker, pending: new Map() };
  const fail = (error: Error) => {
    if (threads.get(role) === current) threads.delete(role);
    for (const p of current.pending.values()) p.reject(error);
    current.pending.clear();
  };
  worker.on('message', (reply: ThreadReply) => {
    const p = current.pending.get(reply.id);
    if (!p) return;
    current.pending.delete(reply.id);
    if (current.pending.size === 0) worker.unref();
    p.resolve(reply);
  });
  worker.on('error', (e) => fail(new Error(`model thread '${role}': ${e.message}`)));
  worker.on('exit', (code) => fail(new Error(`model thread '${role}' exited (code ${code})`)));
  worker.unref();
  threads.set(role, current);
  return current;
}

/** a request before it is given its id: each kind of ThreadRequest without `id` */
type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;
type Request = WithoutId<ThreadRequest>;

function ask(role: ThreadRole, request: Request): Promise<ThreadReply> {
  const { worker, pending } = sharedThread(role);
  const id = nextId++;
  return new Promise<ThreadReply>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // a pending answer keeps the process alive, an idle thread does not
    worker.ref();
    worker.postMessage({ ...request, id });
  }).then((reply) => {
    if (reply.error !== undefined) throw new Error(reply.error);
    return reply;
  });
}

export function createThreadedHairSegmenter(): HairSegmenter {
  return {
    segment: async (image, side) => (await ask('masks', { kind: 'hair', image, side })).hair!,
  };
}

export function createThreadedPersonSegmenter(): PersonSegmenter {
  return {
    segment: async (image) => (await ask('masks', { kind: 'person', image })).person!,
  };
}

/** faces/face-age.ts's readFaceres (the age, and with `describe` the face descriptor), on the age model's thread */
export async function threadedFaceres(crop: FaceCrop, { describe }: { describe: boolean }): Promise<FaceresReading> {
  const { age, descriptor } = await ask('ages', { kind: 'age', crop, describe });
  return { ...(age === undefined ? {} : { age }), ...(descriptor ? { descriptor } : {}) };
}

/** faces/face-age.ts's estimateAge, on the age model's thread */
export async function threadedAgeEstimate(crop: FaceCrop): Promise<number | undefined> {
  return (await threadedFaceres(crop, { describe: false })).age;
}

/** starts the masks' thread, and with `ages` the age model's, and loads their models ahead of the first photo */
export async function warmUpModelThreads({ ages }: { ages: boolean }): Promise<void> {
  await Promise.all([
    ask('masks', { kind: 'warm-up', role: 'masks' }),
    ages ? ask('ages', { kind: 'warm-up', role: 'ages' }) : undefined,
  ]);
}

/** ends the threads (their tests; the process does not need it) */
export async function stopModelThreads(): Promise<void> {
  const running = [...threads.values()];
  threads.clear();
  await Promise.all(running.map((t) => t.worker.terminate()));
}
