import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createHairSegmenter } from '#lambdas/analysis/hair-mask/index.ts';
import {
  createThreadedHairSegmenter,
  createThreadedPersonSegmenter,
  stopModelThreads,
} from '#lambdas/analysis/models/model-thread.ts';
import { createPersonSegmenter } from '#lambdas/analysis/person/person-segmenter.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { requireDatasets, requireModels, type Skippable } from '#test/support/dataset-photos.ts';

const T = 120_000;

/** a dev portrait stretched to a side × side square, as the engine hands it to the hair model */
async function portrait(ctx: Skippable, side = 512): Promise<{ rgb: Uint8Array; width: number; height: number }> {
  requireDatasets(ctx);
  requireModels(ctx, ['mediapipe-hair-segmentation']);
  const rgb = await sharp(path.join(datasetsRoot(), 'portraits/men/0094b2a0a09c.jpg'))
    .rotate()
    .removeAlpha()
    .resize(side, side, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { rgb: new Uint8Array(rgb), width: side, height: side };
}

describe('the hair and person models on their own worker thread', () => {
  it(
    "gives the main thread's probabilities and encoder features bit for bit",
    async (ctx) => {
      const photo = await portrait(ctx);
      const [here, there] = [
        await createHairSegmenter().segment(photo),
        await createThreadedHairSegmenter().segment(photo),
      ];
      expect(there.side).toBe(512);
      expect(there.probability).toEqual(here.probability);
      expect(there.encoder).toEqual(here.encoder);
      // a pass at another side (a small photo's face view) is asked for across the thread too
      const [here384, there384] = [
        await createHairSegmenter().segment(photo, 384),
        await createThreadedHairSegmenter().segment(photo, 384),
      ];
      expect(there384.side).toBe(384);
      expect(there384.probability).toHaveLength(384 * 384);
      expect(there384.probability).toEqual(here384.probability);
      // the numbers compared are not all alike: his hair is hair, the backdrop not
      expect(there.probability.some((p) => p > 0.5)).toBe(true);
      expect(there.probability.some((p) => p < 0.5)).toBe(true);
    },
    T,
  );

  it(
    "gives the main thread's person mask bit for bit",
    async (ctx) => {
      const photo = await portrait(ctx, 256);
      const here = await createPersonSegmenter().segment(photo);
      const there = await createThreadedPersonSegmenter().segment(photo);
      expect(there).toEqual(here);
      expect(there.data.some((p) => p > 0.5)).toBe(true);
      expect(there.data.some((p) => p < 0.5)).toBe(true);
    },
    T,
  );

  it(
    'fails a photo it cannot read with the reason, and measures the next one',
    async (ctx) => {
      const photo = await portrait(ctx);
      const segmenter = createThreadedHairSegmenter();
      const broken = { rgb: new Uint8Array(10), width: 100, height: 100 };
      // sharp's own reason, from the thread: 100 × 100 × 3 bytes announced, 10 given
      await expect(segmenter.segment(broken)).rejects.toThrow(/too small.*30000/);
      expect((await segmenter.segment(photo)).probability).toHaveLength(512 * 512);
    },
    T,
  );

  it(
    'fails the photos of a thread that ends, and starts a new thread for the next photo',
    async (ctx) => {
      const photo = await portrait(ctx);
      const segmenter = createThreadedHairSegmenter();
      const held = segmenter.segment(photo);
      await stopModelThreads();
      await expect(held).rejects.toThrow(/model thread 'masks' exited/);
      expect((await segmenter.segment(photo)).probability).toHaveLength(512 * 512);
    },
    T,
  );
});
