import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createHairSegmenter, ENCODER_FEATURE_NAMES, poolEncoder } from '#lambdas/analysis/hair-mask/index.ts';
import { sharedHuman } from '#lambdas/analysis/human-runtime.ts';
import { modelFilePath } from '#lambdas/analysis/model-files.ts';
import { datasetsRoot } from '#scripts/lib/datasets.ts';

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

const haveData = existsSync(path.join(reference, 'reference.json')) && existsSync(datasets);
const haveModel = existsSync(modelFilePath('mediapipe-hair-segmentation'));

describe.skipIf(!haveData || !haveModel)('the hair model against its reference runs (six dev photos)', () => {
  const runs = haveData
    ? (JSON.parse(readFileSync(path.join(reference, 'reference.json'), 'utf8')) as ReferenceRun[])
    : [];

  it('has the six reference runs', () => {
    expect(runs).toHaveLength(6);
  });
  const segmenter = createHairSegmenter({ side: 512 });

  it.each(runs.map((r) => [r.photo, r] as const))(
    '%s: the same hair decisions (> 0.5) and mean probability',
    async (_, run) => {
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
      if (run !== runs[0]) expect(tf.memory().numTensors).toBe(tensorsBefore);
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
    },
    T,
  );
});
