/**
 * Hair segmentation: MediaPipe Hair Segmentation (Apache-2.0, `.models/mediapipe-hair-segmentation`), read by the
 * project's own TFLite reader and run on the tfjs WASM backend the face models use. One forward pass gives the hair
 * probability map and the encoder activations the stage features are pooled from.
 *
 * Input as the model's MediaPipe graph prepares it: the whole photo stretched to side×side, RGB / 255, and a 4th
 * channel (the previous video frame's mask) of 0 for a still photo.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { sharedTf } from '../runtime/human-runtime.ts';
import { requireModelFile } from '#lambdas/config/model-files.ts';
import { onceAsync } from '#shared/once.ts';
import type { ProbabilityMap, RgbImage } from '../types.ts';
import { ENCODER_TAPS, type EncoderTap } from './encoder-features.ts';
import { compileGraph, type CompiledGraph } from './graph.ts';
import { readTflite } from './tflite-model.ts';

/**
 * The side the photo is stretched to. The network is fully convolutional, so any multiple of 64 runs (at an odd multiple
 * of 32 its unpooling and skip maps differ by a row); 512 is the size it was trained at (the choice is measured in
 * docs/analysis.md, "Hair mask").
 */
export const HAIR_MASK_SIDE = 512;
const SIDE_STEP = 64;

export interface HairSegmentation {
  /** side × side, row-major: the probability that the pixel is hair (softmax channel 1) over the stretched photo */
  probability: Float32Array;
  side: number;
  /** the encoder activations of ENCODER_TAPS, in that order: both score models' encoder features are pooled from them (encoder-features.ts) */
  encoder: EncoderTap[];
}

export interface HairSegmenter {
  /**
   * an RGB photo of any size, run at `side` (a multiple of 64, HAIR_MASK_SIDE unless said); one already side × side
   * (stretched) is used as it is, any other is stretched by sharp
   */
  segment(image: RgbImage, side?: number): Promise<HairSegmentation>;
}

async function loadGraph(): Promise<CompiledGraph> {
  const [tf, bytes] = await Promise.all([sharedTf(), readFile(requireModelFile('mediapipe-hair-segmentation'))]);
  const model = readTflite(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  for (const { tensor, channels } of ENCODER_TAPS) {
    if (model.tensors[tensor]?.shape.at(-1) !== channels) {
      throw new Error(`hair model: tensor ${tensor} is not the ${channels}-channel encoder tap`);
    }
  }
  return compileGraph(model, tf);
}

/** one compiled graph per process; a failed load is forgotten so the next photo retries */
const sharedGraph = onceAsync(loadGraph);

export function createHairSegmenter(): HairSegmenter {
  return {
    async segment(image, side = HAIR_MASK_SIDE) {
      if (!(side >= SIDE_STEP && side % SIDE_STEP === 0)) {
        throw new Error(`hair mask side ${side} is not a positive multiple of ${SIDE_STEP}`);
      }
      const [tf, graph, stretched] = await Promise.all([sharedTf(), sharedGraph(), stretch(image, side)]);
      const outputs = tf.tidy(() => {
        const input = tf.tensor4d(modelInput(stretched), [1, side, side, 4]);
        return graph.run(input, [graph.outputIndices[0]!, ...ENCODER_TAPS.map((tap) => tap.tensor)]);
      });
      try {
        const [logits, ...taps] = await Promise.all(outputs.map((t) => t.data()));
        const encoder = taps.map((data, k): EncoderTap => {
          const [, height = 0, width = 0, channels = 0] = outputs[k + 1]!.shape;
          return { data: Float32Array.from(data), height, width, channels };
        });
        return { probability: hairProbability(logits as Float32Array), side, encoder };
      } finally {
        tf.dispose(outputs);
      }
    },
  };
}

/**
 * The hair channel of the softmax over the model's two logits (background, hair) per pixel, in one pass: tfjs's softmax
 * and the slice of its second channel cost about 15 ms per photo. Written as tfjs computes it, exp(x − max) over their
 * sum in float32: on 19 dev photos (5.0 M pixels) every value was within 1.2e-7 of tfjs's (52 % bit for bit, the rest
 * one float32 step apart, the exp of JavaScript and of the WASM backend rounding differently) and no 0.5 decision moved.
 */
function hairProbability(logits: Float32Array): Float32Array {
  const out = new Float32Array(logits.length / 2);
  for (let i = 0; i < out.length; i++) {
    const background = logits[2 * i]!,
      hair = logits[2 * i + 1]!;
    const top = Math.fround(Math.max(background, hair));
    const eBackground = Math.fround(Math.exp(Math.fround(background - top)));
    const eHair = Math.fround(Math.exp(Math.fround(hair - top)));
    out[i] = Math.fround(eHair / Math.fround(eBackground + eHair));
  }
  return out;
}

/**
 * The model's input: RGB scaled to 0..1 and a fourth channel (MediaPipe's previous-mask channel) at zero. Written in one
 * pass here: tfjs's cast, divide and concat of the same took about 50 ms per photo, the concat most of it. A byte divided by 255
 * and stored as float32 is the float32 quotient the tensor division gave (double rounding is exact for a quotient).
 */
function modelInput(rgb: Uint8Array): Float32Array {
  const out = new Float32Array((rgb.length / 3) * 4);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    out[j] = rgb[i]! / 255;
    out[j + 1] = rgb[i + 1]! / 255;
    out[j + 2] = rgb[i + 2]! / 255;
  }
  return out;
}

/**
 * The photo stretched to side × side by sharp's default kernel, as the reference maps were made: measured on the six
 * reference photos, tfjs's bilinear resize (no antialiasing when it halves a 1024 px photo) changed up to 5 % of the
 * decisions (docs/analysis.md, "Hair mask").
 */
async function stretch(image: RgbImage, side: number): Promise<Uint8Array> {
  if (image.width === side && image.height === side) return image.rgb;
  const raw = { width: image.width, height: image.height, channels: 3 as const };
  const data = await sharp(image.rgb, { raw }).resize(side, side, { fit: 'fill' }).raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** the hair probability as a map stretched over the whole photo, as the other stages read masks */
export function hairProbabilityMap(hair: HairSegmentation): ProbabilityMap {
  return { data: hair.probability, width: hair.side, height: hair.side };
}

/** reads the model and makes its weights tensors ahead of the first photo */
export async function warmUpHairSegmenter(): Promise<void> {
  await sharedGraph();
}
