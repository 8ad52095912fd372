import { warmUpLocalDetector } from './faces/local-detector.ts';
import { warmUpSegmentationThread } from './models/segmentation-thread.ts';

/**
 * Loads every model ahead of the process's first photo. No warm-up inference: measured under arm64 emulation, a blank
 * inference of each model cost more than the first-run slowness it spared the first photo (BENCHMARKS.md).
 */
export async function warmUpModels(): Promise<void> {
  // the segmentation thread loads its two models while this one loads the face models
  const thread = warmUpSegmentationThread();
  await warmUpLocalDetector();
  await thread;
}
