/**
 * The local 18+ check's age estimate: @vladmandic/human's faceres model on the face as human's detector cut it out (or,
 * for a face the tipped search found, as its mesh read it), run as human runs it (the crop resized to the model's
 * input, bilinear without corner alignment, times 255; the age read between the two most likely of its hundred bins).
 * Apart from the face search so that it can run on a thread of its own (models/model-thread.ts) while the main one
 * measures the photo: inside human's detection it held the main thread for about 150 ms of each face photo
 * (docs/benchmarks-log.md, "Hairline analysis v4.4"). The same run gives the face descriptor when asked (face-descriptor.ts).
 */
import { sharedTf } from '../runtime/human-runtime.ts';
import { humanModelFile } from '#lambdas/config/model-files.ts';
import { onceAsync } from '#shared/once.ts';
import { outputsOf, type GraphModel, type Tensor } from '../runtime/tf-runtime.ts';
import type { AgeEstimator, AgeRange, FaceCrop } from '../types.ts';

/** faceres ages are coarse (they cluster in the 20s), so the range is wide to keep adults from being refused */
const AGE_SPREAD = 7;
/** faceres's age head: a probability for each year of age, 0 to 99 */
const AGE_BINS = 100;
/** faceres's pooled features before its heads: the face descriptor */
export const DESCRIPTOR_LENGTH = 1024;

/** one faceres per thread; a failed load is forgotten so the next photo retries */
const sharedModel = onceAsync(async (): Promise<GraphModel> =>
  (await sharedTf()).loadGraphModel('file://' + humanModelFile('faceres.json')),
);

/** What faceres reads in one face: its age (human's own rule: only a positive age counts), and when asked its descriptor. */
export interface FaceresReading {
  age?: number;
  /** the 1024 numbers of faceres's pooling layer (faces/face-descriptor.ts), only when asked */
  descriptor?: Float32Array;
}

/**
 * One faceres run on the face: the age, and with `describe` the descriptor of the same run (the layer the age head reads:
 * no second inference). Without `describe` the descriptor is never read out of the model.
 */
export async function readFaceres(crop: FaceCrop, { describe }: { describe: boolean }): Promise<FaceresReading> {
  const [tf, model] = await Promise.all([sharedTf(), sharedModel()]);
  const [, height = 0, width = 0] = model.inputs[0]?.shape ?? [];
  const outputs = outputsOf(
    tf.tidy(() => {
      const face = tf.tensor4d(crop.data, [1, crop.height, crop.width, 3]);
      // human passes [shape[2], shape[1]] as [height, width]: the same for its square input
      return model.execute(tf.mul(tf.image.resizeBilinear(face, [width, height], false), 255));
    }),
  );
  try {
    const head = outputs.find((t) => t.shape[1] === AGE_BINS);
    if (!head) throw new Error('faceres: no age output');
    const age = ageOfBins((await head.data()) as Float32Array);
    const pooled = describe ? outputs.find((t) => t.shape[1] === DESCRIPTOR_LENGTH) : undefined;
    if (describe && !pooled) throw new Error('faceres: no descriptor output');
    const descriptor = pooled ? Float32Array.from((await pooled.data()) as Float32Array) : undefined;
    return { ...(age === undefined ? {} : { age }), ...(descriptor ? { descriptor } : {}) };
  } finally {
    tf.dispose(outputs);
  }
}

/** The age faceres reads in the face, or undefined when it reads none. */
export async function estimateAge(crop: FaceCrop): Promise<number | undefined> {
  return (await readFaceres(crop, { describe: false })).age;
}

function ageOfBins(bins: Float32Array): number | undefined {
  const best = bins.indexOf(Math.max(...bins));
  if (best < 0) return undefined;
  // human's interpolation towards the likelier neighbour (a missing neighbour compares false)
  const below = bins[best - 1] ?? NaN,
    above = bins[best + 1] ?? NaN;
  const age = Math.round(below > above ? 10 * best - 100 * below : 10 * best + 100 * above) / 10;
  return age > 0 ? age : undefined;
}

/** A face tensor ([1,] height, width, 3, RGB 0..1: a detector's crop or the tipped search's mesh input) as a FaceCrop. */
export async function toFaceCrop(tensor: Tensor): Promise<FaceCrop> {
  const [height = 0, width = 0] = tensor.shape.slice(-3);
  return { data: (await tensor.data()) as Float32Array, width, height };
}

export function ageRangeOf(age: number): AgeRange {
  return { low: Math.max(0, Math.round(age - AGE_SPREAD)), high: Math.round(age + AGE_SPREAD) };
}

/**
 * The age check answered by faceres, wherever `estimate` runs it (its own thread, or this one): free, so the engine
 * starts it as soon as the face is found. A face found without its crop (a detector not asked for crops) has none.
 */
export function createFaceAgeEstimator(estimate: (crop: FaceCrop) => Promise<number | undefined>): AgeEstimator {
  return {
    paid: false,
    async ageRange({ face }) {
      const age = face.crop ? await estimate(face.crop) : undefined;
      return age === undefined ? undefined : ageRangeOf(age);
    },
  };
}

/** loads faceres ahead of the first photo */
export async function warmUpFaceAge(): Promise<void> {
  await sharedModel();
}
