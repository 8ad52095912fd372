import { describe, expect, it } from 'vitest';
import {
  composed,
  hairAtHeadScale,
  headCrop,
  headSquare,
  smallPhotoPassSide,
} from '#lambdas/analysis/face-view/head-crop.ts';
import type { HairSegmentation, HairSegmenter } from '#lambdas/analysis/hair-mask/index.ts';
import type { Photo } from '#lambdas/analysis/photo/photo.ts';
import { SMALL_PHOTO_HAIR } from '#lambdas/analysis/analysis-config.ts';
import type { FaceAxes } from '#lambdas/analysis/faces/face-grid.ts';
import type { ProbabilityMap } from '#lambdas/analysis/types.ts';

/** upright face axes with the brow line's midpoint at (x, y) of the working frame and `unit` px per face unit */
const axesAt = (x: number, y: number, unit: number): FaceAxes => ({
  origin: { x, y },
  up: { x: 0, y: -1 },
  unit,
  unitAbove: unit,
  unitBelow: unit,
  halfWidth: 1.3,
});

const filled = (value: number, side = 64): ProbabilityMap => ({
  data: new Float32Array(side * side).fill(value),
  width: side,
  height: side,
});

describe('the hair mask at the head scale', () => {
  it('makes a second pass only for a head small in a photo that holds its detail', () => {
    // a 1000 px photo worked at 512: a face unit of 30 working px is 59 photo px, 30 px in the whole photo's pass
    const small = headCrop({ width: 1000, height: 1000 }, { width: 512, height: 512 }, axesAt(256, 300, 30), 'front');
    expect(small).toBeDefined();
    // the square is centred 1.2 face units above the brows and 5.6 face units wide, in photo pixels
    expect(small!.side).toBe(Math.round(5.6 * 30 * (1000 / 512)));
    expect(small!.left + small!.side / 2).toBeCloseTo(256 * (1000 / 512), -1);
    expect(small!.top + small!.side / 2).toBeCloseTo((300 - 1.2 * 30) * (1000 / 512), -1);
    // the same face filling the frame: the whole photo's pass already sees it large
    expect(
      headCrop({ width: 1000, height: 1000 }, { width: 512, height: 512 }, axesAt(256, 300, 90), 'front'),
    ).toBeUndefined();
    // a small head in a 250 px photo: a crop would only enlarge blur
    expect(
      headCrop({ width: 250, height: 250 }, { width: 250, height: 250 }, axesAt(125, 150, 15), 'front'),
    ).toBeUndefined();
  });

  it('makes it for a front close-up too: a head filling the frame is shown to the model in a square reaching past the photo', () => {
    // a face unit of 150 px in the whole photo's 512 px pass, against 91 px in the square of 5.6 units: 0.61 times
    const close = headCrop({ width: 512, height: 512 }, { width: 512, height: 512 }, axesAt(256, 330, 150), 'front');
    expect(close).toBeDefined();
    expect(close!.side).toBe(Math.round(5.6 * 150));
    expect(close!.left).toBeLessThan(0);
    expect(close!.top).toBeLessThan(0);
    expect(close!.left + close!.side).toBeGreaterThan(512);
    // a selfie at about the model's own scale keeps the one pass, and so does a head tipped down, however close
    expect(
      headCrop({ width: 512, height: 512 }, { width: 512, height: 512 }, axesAt(256, 330, 110), 'front'),
    ).toBeUndefined();
    expect(
      headCrop({ width: 512, height: 512 }, { width: 512, height: 512 }, axesAt(256, 330, 150), 'bowed'),
    ).toBeUndefined();
  });

  it("the head's square is the same whether or not the mask reads it, and a pass already made is not made again", async () => {
    const photo = { width: 1000, height: 1000 };
    const work = { width: 512, height: 512 };
    // a selfie at the model's own scale: no second pass for the mask, but the square is there for the score
    const selfie = axesAt(256, 330, 110);
    expect(headCrop(photo, work, selfie, 'front')).toBeUndefined();
    expect(headSquare(photo, work, selfie).side).toBe(Math.round(5.6 * 110 * (1000 / 512)));
    const small = axesAt(256, 300, 30);
    expect(headCrop(photo, work, small, 'front')).toEqual(headSquare(photo, work, small));

    let passes = 0;
    const segmenter: HairSegmenter = {
      segment: async (): Promise<HairSegmentation> => {
        passes++;
        return { probability: new Float32Array(64 * 64).fill(0.9), side: 64, encoder: [] };
      },
    };
    const rgbPhoto: Photo = { ...photo, rgb: new Uint8Array(photo.width * photo.height * 3) };
    const made = {
      square: headSquare(photo, work, small),
      hair: { probability: new Float32Array(64 * 64).fill(0.1), side: 64, encoder: [] },
    };
    const map = await hairAtHeadScale(
      { photo: rgbPhoto, work, axes: small, view: 'front' },
      { whole: filled(0.9), segmenter, pass: made },
    );
    expect(passes).toBe(0);
    // the pass given is the one composed: the head's square reads its 0.1
    const c = headSquare(photo, work, small);
    const at = (fx: number, fy: number) =>
      map.data[Math.floor(fy * map.height) * map.width + Math.floor(fx * map.width)]!;
    expect(at((c.left + c.side / 2) / photo.width, (c.top + c.side / 2) / photo.height)).toBeCloseTo(0.1);
    await hairAtHeadScale({ photo: rgbPhoto, work, axes: small, view: 'front' }, { whole: filled(0.9), segmenter });
    expect(passes).toBe(1);
  });

  it('inside the square a pixel is hair only if both passes say so; outside, the whole photo decides', () => {
    const photo = { width: 400, height: 400 };
    const work = { width: 200, height: 200 };
    const crop = { left: 100, top: 100, side: 200 };
    const at = (map: ProbabilityMap, fx: number, fy: number) =>
      map.data[Math.floor(fy * map.height) * map.width + Math.floor(fx * map.width)]!;
    // the whole pass calls everything hair (stubble), the near pass sees skin: only the square loses it
    const stubble = composed(photo, work, crop, filled(0.9), filled(0.1));
    expect(stubble).toMatchObject({ width: 400, height: 400 });
    expect(at(stubble, 0.5, 0.5)).toBeCloseTo(0.1);
    expect(at(stubble, 0.1, 0.1)).toBeCloseTo(0.9);
    expect(at(stubble, 0.9, 0.5)).toBeCloseTo(0.9);
    // the near pass marking what the whole pass did not (a backdrop behind the head) adds no hair
    const backdrop = composed(photo, work, crop, filled(0.1), filled(0.9));
    expect(at(backdrop, 0.5, 0.5)).toBeCloseTo(0.1);
  });
});

describe('the whole-photo hair pass of a small face photo', () => {
  it('is made at the smaller side only when the 512 px pass would enlarge the photo too much', () => {
    expect(smallPhotoPassSide({ width: 213, height: 260 })).toBe(SMALL_PHOTO_HAIR.side);
    expect(smallPhotoPassSide({ width: 393, height: 393 })).toBe(SMALL_PHOTO_HAIR.side);
    // 512 / 394 = 1.299: enlarged little enough
    expect(smallPhotoPassSide({ width: 394, height: 394 })).toBeUndefined();
    expect(smallPhotoPassSide({ width: 450, height: 550 })).toBeUndefined();
    expect(smallPhotoPassSide({ width: 1024, height: 768 })).toBeUndefined();
    // a long, thin photo counts by the geometric mean of its sides
    expect(smallPhotoPassSide({ width: 1000, height: 120 })).toBe(SMALL_PHOTO_HAIR.side);
  });
});
