import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createHairSegmenter, ENCODER_FEATURE_NAMES, poolEncoder } from '#lambdas/analysis/hair-mask/index.ts';
import { sharedHuman } from '#lambdas/analysis/models/human-runtime.ts';
import { dataRequired, datasetsRoot } from '#scripts/lib/data-dirs.ts';
import { requireDatasets, requireModels, type Skippable } from '#test/support/dataset-photos.ts';
import { SKIP_NOTES } from '#test/support/skip-notes.ts';

const T = 120_000;
const repo = fileURLToPath(new URL('../../..', import.meta.url));
const datasets = datasetsRoot();
const reference = path.join(
  process.env.MODELS_DIR ?? path.resolve(repo, '..', 'shared', 'models'),
  'mediapipe-hair-segmentation',
  'reference',
);

interface ReferenceRun {
  photo: string;
  meanHairProbability: number;
  shareAbove05: number;
  decisionPng: string;
}

describe('the encoder features', () => {
  it('are 640 names, and pool each channel by mean, max and the mean of each third of the rows', () => {
    expect(ENCODER_FEATURE_NAMES).toHaveLength(640);
    expect(new Set(ENCODER_FEATURE_NAMES).size).toBe(640);
    expect(ENCODER_FEATURE_NAMES[17]).toBe('enc_mean_17');
    expect(ENCODER_FEATURE_NAMES[128 + 17]).toBe('enc_max_17');
    expect(ENCODER_FEATURE_NAMES[4 * 128 + 127]).toBe('enc_bottom_127');
    // a 16×2 map of 128 channels, each pixel's value = its row (channel 0) or minus its row (channel 1)
    const [height, width, channels] = [16, 2, 128];
    const data = new Float32Array(height * width * channels);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        data[(y * width + x) * channels] = y;
        data[(y * width + x) * channels + 1] = -y;
      }
    const f = poolEncoder({ data, height, width, channels });
    const named = (name: string) => f[ENCODER_FEATURE_NAMES.indexOf(name)];
    expect(named('enc_mean_0')).toBeCloseTo(7.5);
    expect(named('enc_max_0')).toBe(15);
    expect(named('enc_max_1')).toBeCloseTo(0);
    // rows 0-4, 5-10, 11-15: a row belongs to the third its centre is in
    expect(named('enc_top_0')).toBeCloseTo(2);
    expect(named('enc_middle_0')).toBeCloseTo(7.5);
    expect(named('enc_bottom_1')).toBeCloseTo(-13);
    expect(named('enc_mean_2')).toBe(0);
  });
});

/** the model's own reference runs, beside the model in the mirror (MODELS_DIR): part of the data a test needs */
function referenceRuns(ctx: Skippable): ReferenceRun[] {
  requireDatasets(ctx);
  requireModels(ctx, ['mediapipe-hair-segmentation']);
  const file = path.join(reference, 'reference.json');
  if (!existsSync(file)) {
    if (dataRequired()) throw new Error(`${file} missing (REQUIRE_DATA=1 turns a skip into a failure)`);
    ctx.skip(SKIP_NOTES.models.note);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as ReferenceRun[];
}

describe('the hair model against its reference runs (six dev photos)', () => {
  const segmenter = createHairSegmenter({ side: 512 });

  it(
    'gives the same hair decisions (> 0.5) and mean probability on each of its six reference photos, and leaves no tensor behind',
    async (ctx) => {
      const runs = referenceRuns(ctx);
      expect(runs).toHaveLength(6);
      for (const [k, run] of runs.entries()) await matchesReference(run, k === 0);
    },
    6 * T,
  );

  async function matchesReference(run: ReferenceRun, first: boolean): Promise<void> {
    {
      // prepared as the reference was: EXIF-rotated, sRGB, no alpha, stretched to 512×512 by sharp's default kernel
      const rgb = await sharp(path.join(datasets, run.photo))
        .rotate()
        .removeAlpha()
        .toColorspace('srgb')
        .resize(512, 512, { fit: 'fill' })
        .raw()
        .toBuffer();
      const { tf } = await sharedHuman();
      const tensorsBefore = tf.memory().numTensors;
      const result = await segmenter.segment({ rgb: new Uint8Array(rgb), width: 512, height: 512 });
      // the first photo also makes the weights' tensors, which stay
      if (!first) expect(tf.memory().numTensors, run.photo).toBe(tensorsBefore);
      const decisions = await sharp(path.join(reference, run.decisionPng)).greyscale().raw().toBuffer();
      expect(result.probability).toHaveLength(decisions.length);
      let same = 0;
      let sum = 0;
      result.probability.forEach((p, i) => {
        if (p > 0.5 === decisions[i]! > 127) same++;
        sum += p;
      });
      expect(same / decisions.length).toBeGreaterThanOrEqual(0.999);
      expect(Math.abs(sum / decisions.length - run.meanHairProbability)).toBeLessThan(1e-3);
      expect(result.encoder).toMatchObject({ height: 16, width: 16, channels: 128 });
      expect(result.encoderFeatures).toHaveLength(ENCODER_FEATURE_NAMES.length);
      expect(result.encoderFeatures.every(Number.isFinite)).toBe(true);
    }
  }
});
