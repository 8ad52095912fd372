import { warmUpLocalDetector } from './local-detector.ts';
import { warmUpPersonSegmenter } from './person-segmenter.ts';

/** Loads every model and runs each once, so the process's first photo is analysed as fast as the next ones. */
export async function warmUpModels(): Promise<void> {
  await warmUpLocalDetector();
  await warmUpPersonSegmenter();
}
