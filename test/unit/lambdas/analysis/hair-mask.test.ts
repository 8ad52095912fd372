import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHairSegmenter, ENCODER_FEATURE_NAMES, poolEncoderOnHead } from '#lambdas/analysis/hair-mask/index.ts';
import { BARE_NEAR_HAIR } from '#lambdas/analysis/hair-mask/encoder-features.ts';
import { sharedHuman } from '#lambdas/analysis/runtime/human-runtime.ts';
import { dataRequired, datasetsRoot } from '#infra/data-dirs.ts';
import { requireDatasets, requireModels, type Skippable } from '#test/support/dataset-photos.ts';
import { asReferenceInput, referenceDecisions } from '#test/support/hair-reference.ts';
import { SKIP_NOTES } from '#test/support/skip-notes.ts';

const T = 120_000;
const repo = fileURLToPath(new URL('../../../..', import.meta.url));
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
  it("are 512 names, the mean of each channel over the head's hair and over its bare part, at two depths", () => {
    expect(ENCODER_FEATURE_NAMES).toHaveLength(512);
    expect(new Set(ENCODER_FEATURE_NAMES).size).toBe(512);
    expect(ENCODER_FEATURE_NAMES[17]).toBe('enc_hair_17');
    expect(ENCODER_FEATURE_NAMES[128 + 127]).toBe('enc_bare_127');
    expect(ENCODER_FEATURE_NAMES[256 + 128]).toBe('mid_bare_0');
  });

  // a 4×4 map of 128 channels: channel 0 holds 10 on the left half and 2 on the right, channel 1 its row
  const [height, width, channels] = [4, 4, 128];
  const data = new Float32Array(height * width * channels);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      data[(y * width + x) * channels] = x < 2 ? 10 : 2;
      data[(y * width + x) * channels + 1] = y;
    }
  const tap = { data, height, width, channels };
  // the finer tap: an 8×8 map whose channel 0 is 3 on the head's top rows and 7 below
  const mid = {
    data: Float32Array.from({ length: 64 * channels }, (_, i) =>
      i % channels === 0 ? (i / channels < 32 ? 3 : 7) : 0,
    ),
    height: 8,
    width: 8,
    channels,
  };
  /** an 8×8 map (twice the grid) whose value is `inside` where `where(x, y)` holds (grid cells), else `outside` */
  const map = (where: (x: number, y: number) => boolean, inside = 1, outside = 0) => ({
    width: 8,
    height: 8,
    data: Float32Array.from({ length: 64 }, (_, i) =>
      where(Math.floor((i % 8) / 2), Math.floor(i / 16)) ? inside : outside,
    ),
  });
  const named = (f: Float64Array, name: string) => f[ENCODER_FEATURE_NAMES.indexOf(name)];

  it('count only the head: the backdrop beside it weighs nothing, whatever its activations', () => {
    // the head fills the top two rows; hair on its left half, bare skin on its right
    const f = poolEncoderOnHead(
      [tap, mid],
      map((_, y) => y < 2),
      map((x) => x < 2),
    );
    expect(named(f, 'enc_hair_0')).toBeCloseTo(10);
    expect(named(f, 'mid_hair_0')).toBeCloseTo(3);
    expect(named(f, 'mid_bare_0')).toBeCloseTo(3);
    expect(named(f, 'enc_bare_0')).toBeCloseTo(2);
    expect(named(f, 'enc_hair_1')).toBeCloseTo(0.5);
    expect(named(f, 'enc_bare_1')).toBeCloseTo(0.5);
    expect(named(f, 'enc_hair_2')).toBe(0);
  });

  it('weigh each cell by the person and hair probabilities, and are the same wherever the head is turned', () => {
    const soft = poolEncoderOnHead(
      [tap, mid],
      map(() => true),
      map((x) => x < 2, 0.75, 0.25),
    );
    // hair: (0.75·10 + 0.25·2) / (0.75 + 0.25) per row pair of cells
    expect(named(soft, 'enc_hair_0')).toBeCloseTo(8);
    expect(named(soft, 'enc_bare_0')).toBeCloseTo(4);
    // the same head and hair, mirrored left to right: the pooled features do not move
    const mirror = new Float32Array(data.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        for (let c = 0; c < channels; c++)
          mirror[(y * width + x) * channels + c] = data[(y * width + (width - 1 - x)) * channels + c]!;
    const turned = poolEncoderOnHead(
      [{ ...tap, data: mirror }, mid],
      map(() => true),
      map((x) => x >= 2, 0.75, 0.25),
    );
    expect([...turned].map((v) => v.toFixed(9))).toEqual([...soft].map((v) => v.toFixed(9)));
  });

  it('read the bare part near the hair only: the face, the neck and the clothes below it weigh nothing', () => {
    // a 16×16 map: hair on rows 0-3, bare scalp on rows 4-6 (within BARE_NEAR_HAIR = 3 cells of it), clothes on rows
    // 10-15; channel 0 holds 1 on the hair, 4 on the scalp and 50 on the clothes, and the person fills the photo
    const side = 16;
    const valueAt = (y: number) => (y < 4 ? 1 : y < 7 ? 4 : y >= 10 ? 50 : 0);
    const big = {
      data: Float32Array.from({ length: side * side * channels }, (_, i) =>
        i % channels === 0 ? valueAt(Math.floor(i / channels / side)) : 0,
      ),
      height: side,
      width: side,
      channels,
    };
    const grid = (where: (y: number) => boolean) => ({
      width: side,
      height: side,
      data: Float32Array.from({ length: side * side }, (_, i) => (where(Math.floor(i / side)) ? 1 : 0)),
    });
    const f = poolEncoderOnHead(
      [big, big],
      grid(() => true),
      grid((y) => y < 4),
    );
    expect(BARE_NEAR_HAIR).toBe(3);
    expect(named(f, 'enc_hair_0')).toBeCloseTo(1);
    expect(named(f, 'enc_bare_0')).toBeCloseTo(4);
    expect(named(f, 'mid_bare_0')).toBeCloseTo(4);
  });

  it('refuse activations that are not the taps they are named after', () => {
    expect(() =>
      poolEncoderOnHead(
        [tap],
        map(() => true),
        map(() => true),
      ),
    ).toThrow(/taps/);
    expect(() =>
      poolEncoderOnHead(
        [tap, { ...tap, channels: 64 }],
        map(() => true),
        map(() => true),
      ),
    ).toThrow(/taps/);
  });

  it("take the whole map's mean for a part too small to pool (a head with no hair found)", () => {
    const f = poolEncoderOnHead(
      [tap, mid],
      map(() => true),
      map(() => false),
    );
    expect(named(f, 'mid_hair_0')).toBeCloseTo(5);
    expect(named(f, 'enc_hair_0')).toBeCloseTo(6);
    expect(named(f, 'enc_bare_0')).toBeCloseTo(6);
    expect(named(f, 'enc_hair_1')).toBeCloseTo(1.5);
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

describe('the hair segmenter', () => {
  it('runs at sides that are multiples of 64 only, and says so before loading the model', async () => {
    const grey = (side: number) => ({ rgb: new Uint8Array(side * side * 3).fill(128), width: side, height: side });
    // at 224 (an odd multiple of 32) the model's skip and unpooled maps differ by a row
    for (const side of [224, 300, 0, -64]) {
      await expect(createHairSegmenter().segment(grey(side > 0 ? side : 64), side)).rejects.toThrow(/multiple of 64/);
    }
  });
});

describe('the hair model against its reference runs (six dev photos)', () => {
  const segmenter = createHairSegmenter();

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
      const input = await asReferenceInput(path.join(datasets, run.photo));
      const { tf } = await sharedHuman();
      const tensorsBefore = tf.memory().numTensors;
      const result = await segmenter.segment(input);
      // the first photo also makes the weights' tensors, which stay
      if (!first) expect(tf.memory().numTensors, run.photo).toBe(tensorsBefore);
      const decisions = await referenceDecisions(path.join(reference, run.decisionPng));
      expect(result.probability).toHaveLength(decisions.length);
      let same = 0;
      let sum = 0;
      result.probability.forEach((p, i) => {
        if (p > 0.5 === decisions[i]! > 127) same++;
        sum += p;
      });
      expect(same / decisions.length).toBeGreaterThanOrEqual(0.999);
      expect(Math.abs(sum / decisions.length - run.meanHairProbability)).toBeLessThan(1e-3);
      expect(result.encoder).toMatchObject([
        { height: 16, width: 16, channels: 128 },
        { height: 32, width: 32, channels: 128 },
      ]);
      expect(result.encoder.every((tap) => tap.data.every(Number.isFinite))).toBe(true);
    }
  }
});
