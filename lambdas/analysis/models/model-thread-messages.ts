/** What the main thread and a model thread say to each other (model-thread.ts, model-thread-entry.ts). */
import type { HairSegmentation } from '../hair-mask/segmenter.ts';
import type { FaceCrop, PersonMask, RgbImage } from '../types.ts';

/** what a model thread runs: both masks, or the local age model */
export type ThreadRole = 'masks' | 'ages';

export type ThreadRequest =
  | { id: number; kind: 'warm-up'; role: ThreadRole }
  | { id: number; kind: 'hair'; image: RgbImage; side?: number }
  | { id: number; kind: 'person'; image: RgbImage }
  | { id: number; kind: 'age'; crop: FaceCrop; describe: boolean };

export type ThreadReply = {
  id: number;
  hair?: HairSegmentation;
  person?: PersonMask;
  age?: number;
  descriptor?: Float32Array;
  error?: string;
};
