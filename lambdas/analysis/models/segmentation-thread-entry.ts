/**
 * The segmentation thread (segmentation-thread.ts starts it): the hair and person segmenters, the same code as on the
 * main thread with a tfjs WASM backend of their own, answering one message per mask. Results travel back as transferred
 * buffers.
 */
import { parentPort } from 'node:worker_threads';
import { createHairSegmenter, warmUpHairSegmenter } from '../hair-mask/segmenter.ts';
import { createPersonSegmenter, warmUpPersonSegmenter } from '../person/person-segmenter.ts';
import type { ThreadReply, ThreadRequest } from './segmentation-thread-messages.ts';

const port = parentPort;
if (!port) throw new Error('segmentation-thread-entry.ts runs as a worker thread (segmentation-thread.ts starts it)');
const hair = createHairSegmenter();
const person = createPersonSegmenter();

port.on('message', (request: ThreadRequest) => {
  void answer(request).then(({ reply, transfer }) => port.postMessage(reply, transfer));
});

async function answer(request: ThreadRequest): Promise<{ reply: ThreadReply; transfer: ArrayBuffer[] }> {
  try {
    switch (request.kind) {
      case 'warm-up':
        await Promise.all([warmUpHairSegmenter(), warmUpPersonSegmenter()]);
        return { reply: { id: request.id }, transfer: [] };
      case 'hair': {
        const out = await hair.segment(request.image);
        return {
          reply: { id: request.id, hair: out },
          transfer: [out.probability.buffer as ArrayBuffer, out.encoder.data.buffer as ArrayBuffer],
        };
      }
      case 'person': {
        const out = await person.segment(request.image);
        return { reply: { id: request.id, person: out }, transfer: [out.data.buffer as ArrayBuffer] };
      }
    }
  } catch (e) {
    return { reply: { id: request.id, error: e instanceof Error ? e.message : String(e) }, transfer: [] };
  }
}
