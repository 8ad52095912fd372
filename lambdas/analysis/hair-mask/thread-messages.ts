/** What the main thread and the hair model's worker thread say to each other (threaded-segmenter.ts, segmenter-thread.ts). */
import type { RgbImage } from '../photo/pixels.ts';
import type { HairSegmentation } from './segmenter.ts';

export type ThreadRequest = { id: number; kind: 'warm-up' } | { id: number; kind: 'segment'; image: RgbImage };

export type ThreadReply = { id: number; segmentation?: HairSegmentation; error?: string };
