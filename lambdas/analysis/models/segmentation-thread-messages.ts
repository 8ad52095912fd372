/** What the main thread and the segmentation thread say to each other (segmentation-thread.ts, segmentation-thread-entry.ts). */
import type { HairSegmentation } from '../hair-mask/segmenter.ts';
import type { PersonMask } from '../person/person-segmenter.ts';
import type { RgbImage } from '../photo/pixels.ts';

export type ThreadRequest =
  | { id: number; kind: 'warm-up' }
  | { id: number; kind: 'hair'; image: RgbImage }
  | { id: number; kind: 'person'; image: RgbImage };

export type ThreadReply = { id: number; hair?: HairSegmentation; person?: PersonMask; error?: string };
