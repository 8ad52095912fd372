import { describe, expect, it } from 'vitest';
import {
  HEAD_ENCODER_FEATURE_NAMES,
  headEncoderFeatures,
  personInSquare,
} from '#lambdas/analysis/face-view/head-encoder.ts';
import { ENCODER_TAPS } from '#lambdas/analysis/hair-mask/encoder-features.ts';
import type { HeadPass } from '#lambdas/analysis/face-view/head-crop.ts';

/** a person mask over a 200 × 100 photo: the person is the left half */
const person = {
  width: 20,
  height: 10,
  data: Float32Array.from({ length: 200 }, (_, i) => (i % 20 < 10 ? 1 : 0)),
};
const photo = { width: 200, height: 100 };

/** a pass on `square` at side 8 whose hair is the top half; each tap's channel 0 holds `value(x, y)` of its own cells */
function pass(square: HeadPass['square'], value: (x: number, y: number, side: number) => number): HeadPass {
  const side = 8;
  const encoder = ENCODER_TAPS.map(({ channels }, k) => {
    const cells = 2 * (k + 1); // 2×2 and 4×4 maps, coarser than the mask as the model's are
    const data = new Float32Array(cells * cells * channels);
    for (let y = 0; y < cells; y++)
      for (let x = 0; x < cells; x++) data[(y * cells + x) * channels] = value(x, y, cells);
    return { data, height: cells, width: cells, channels };
  });
  const probability = Float32Array.from({ length: side * side }, (_, i) => (i < (side * side) / 2 ? 1 : 0));
  return { square, hair: { probability, side, encoder } };
}

describe("the front view's encoder features", () => {
  it('are the 32×32 stage over the hair, 128 of them, named apart from the whole photo pass', () => {
    expect(HEAD_ENCODER_FEATURE_NAMES).toHaveLength(128);
    expect(HEAD_ENCODER_FEATURE_NAMES[0]).toBe('head_mid_hair_0');
    expect(HEAD_ENCODER_FEATURE_NAMES[127]).toBe('head_mid_hair_127');
  });

  it('lay the person mask on the square, nobody past the photo', () => {
    // a square of 100 px from x −50: its left half runs off the photo, its right half is the person's left quarter
    const onSquare = personInSquare(person, photo, { left: -50, top: 0, side: 100 }, 4);
    expect(Array.from(onSquare.data.slice(0, 4))).toEqual([0, 0, 1, 1]);
    // a square over the right half of the photo holds nobody
    expect(personInSquare(person, photo, { left: 100, top: 0, side: 100 }, 4).data.every((v) => v === 0)).toBe(true);
  });

  it("pool the head pass's finer tap over the person's hair only", () => {
    // the square spans the whole photo's width: its left half is the person. Channel 0 of the finer tap is 5 on the
    // person's top half (hair) and 9 beside it (hair of someone else, a backdrop): only 5 counts
    const square = { left: 0, top: -50, side: 200 };
    const f = headEncoderFeatures(
      pass(square, (x, _y, cells) => (x < cells / 2 ? 5 : 9)),
      person,
      photo,
    );
    expect(Object.keys(f)).toEqual([...HEAD_ENCODER_FEATURE_NAMES]);
    expect(f.head_mid_hair_0).toBeCloseTo(5);
    expect(f.head_mid_hair_1).toBe(0);
    // the bare part does not count: below the hair, channel 0 at 100 changes nothing
    const bare = headEncoderFeatures(
      pass(square, (x, y, cells) => (y >= cells / 2 ? 100 : x < cells / 2 ? 5 : 9)),
      person,
      photo,
    );
    expect(bare.head_mid_hair_0).toBeCloseTo(5);
  });
});
