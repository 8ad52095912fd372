/**
 * The hair model's worker thread (threaded-segmenter.ts starts it): the same segmenter as on the main thread, with its
 * own tfjs WASM backend, answering one message per photo. Its results travel back as transferred buffers.
 */
import { parentPort } from 'node:worker_threads';
import { createHairSegmenter, warmUpHairSegmenter } from './segmenter.ts';
import type { ThreadReply, ThreadRequest } from './thread-messages.ts';

const port = parentPort;
if (!port) throw new Error('segmenter-thread.ts runs as a worker thread (threaded-segmenter.ts starts it)');
const segmenter = createHairSegmenter();

port.on('message', (request: ThreadRequest) => {
  void answer(request).then(({ reply, transfer }) => port.postMessage(reply, transfer));
});

async function answer(request: ThreadRequest): Promise<{ reply: ThreadReply; transfer: ArrayBuffer[] }> {
  try {
    if (request.kind === 'warm-up') {
      await warmUpHairSegmenter();
      return { reply: { id: request.id }, transfer: [] };
    }
    const out = await segmenter.segment(request.image);
    return {
      reply: { id: request.id, segmentation: out },
      transfer: [out.probability.buffer as ArrayBuffer, out.encoder.data.buffer as ArrayBuffer],
    };
  } catch (e) {
    return { reply: { id: request.id, error: e instanceof Error ? e.message : String(e) }, transfer: [] };
  }
}
