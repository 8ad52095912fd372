import { warmUpLocalDetector } from './faces/local-detector.ts';
import { warmUpModelThreads } from './models/model-thread.ts';

/**
 * Loads every model ahead of the process's first photo; `faceAges` also the local age model (the Lambda's age check is
 * Rekognition's). No warm-up inference: measured under arm64 emulation, a blank inference of each model cost more than
 * the first-run slowness it spared the first photo (docs/benchmarks-log.md).
 */
export async function warmUpModels({ faceAges = false }: { faceAges?: boolean } = {}): Promise<void> {
  // the model threads load their models while this one loads the face models
  const threads = warmUpModelThreads({ ages: faceAges });
  await warmUpLocalDetector();
  await threads;
}
