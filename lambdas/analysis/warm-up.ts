import { warmUpHairThread } from './hair-mask/index.ts';
import { warmUpLocalDetector } from './faces/local-detector.ts';
import { warmUpPersonSegmenter } from './person/person-segmenter.ts';

/**
 * Loads every model ahead of the process's first photo. No warm-up inference: measured under arm64 emulation, a blank
 * inference of each model cost more than the first-run slowness it spared the first photo (BENCHMARKS.md).
 */
export async function warmUpModels(): Promise<void> {
  // the hair model's thread loads its model while this one loads the others
  const hairThread = warmUpHairThread();
  await warmUpLocalDetector();
  await warmUpPersonSegmenter();
  await hairThread;
}
