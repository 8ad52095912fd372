/**
 * A model thread (model-thread.ts starts it, one for the masks and one for the age model): the hair and person
 * segmenters and the age estimate, the same code as on the main thread with a tfjs WASM backend of the thread's own,
 * answering one message per mask or face. Masks travel back as transferred buffers.
 */
import { parentPort } from 'node:worker_threads';
import { createHairSegmenter, warmUpHairSegmenter } from '../hair-mask/segmenter.ts';
import { createPersonSegmenter, warmUpPersonSegmenter } from '../person/person-segmenter.ts';
import { readFaceres, warmUpFaceAge } from '../faces/face-age.ts';
import type { ThreadReply, ThreadRequest } from './model-thread-messages.ts';

const port = parentPort;
if (!port) throw new Error('model-thread-entry.ts runs as a worker thread (model-thread.ts starts it)');
const hair = createHairSegmenter();
const person = createPersonSegmenter();

port.on('message', (request: ThreadRequest) => {
  void answer(request).then(({ reply, transfer }) => port.postMessage(reply, transfer));
});

async function answer(request: ThreadRequest): Promise<{ reply: ThreadReply; transfer: ArrayBuffer[] }> {
  try {
    switch (request.kind) {
      case 'warm-up':
        await (request.role === 'masks'
          ? Promise.all([warmUpHairSegmenter(), warmUpPersonSegmenter()])
          : warmUpFaceAge());
        return { reply: { id: request.id }, transfer: [] };
      case 'hair': {
        const out = await hair.segment(request.image, request.side);
        return {
          reply: { id: request.id, hair: out },
          transfer: [out.probability, ...out.encoder.map((tap) => tap.data)].map((a) => a.buffer as ArrayBuffer),
        };
      }
      case 'person': {
        const out = await person.segment(request.image);
        return { reply: { id: request.id, person: out }, transfer: [out.data.buffer as ArrayBuffer] };
      }
      case 'age': {
        const { age, descriptor } = await readFaceres(request.crop, { describe: request.describe });
        return {
          reply: { id: request.id, ...(age === undefined ? {} : { age }), ...(descriptor ? { descriptor } : {}) },
          transfer: descriptor ? [descriptor.buffer as ArrayBuffer] : [],
        };
      }
    }
  } catch (e) {
    return { reply: { id: request.id, error: e instanceof Error ? e.message : String(e) }, transfer: [] };
  }
}
