import { describe, expect, it } from 'vitest';
import { HAIR_TEXTURE, analyzeTop, texturedHair } from '#lambdas/analysis/above/top-view.ts';
import type { HairSegmentation } from '#lambdas/analysis/hair-mask/index.ts';
import type { Photo } from '#lambdas/analysis/photo/photo.ts';
import type { PixelMaps } from '#lambdas/analysis/photo/pixels.ts';

/** the hair model's own map side, as the engine gives it */
const SIDE = 512;

/** a hair mask that marks every pixel as hair: what the model does on a shaved, lit or shiny scalp seen from above */
function allHair(probability = 0.9): HairSegmentation {
  return {
    probability: new Float32Array(SIDE * SIDE).fill(probability),
    side: SIDE,
    encoder: [1, 2].map(() => ({ data: new Float32Array(128), height: 1, width: 1, channels: 128 })),
  };
}

/** a square photo: smooth skin-coloured scalp on the left half; on the right, dark strands across it (2 px in 6) */
function scalpWithHairOnTheRight(side: number): Photo {
  const rgb = new Uint8Array(side * side * 3);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const strand = x >= side / 2 && (x + y) % 6 < 2;
      rgb.set(strand ? [40, 30, 25] : [150, 110, 90], (y * side + x) * 3);
    }
  return { rgb, width: side, height: side };
}

describe('the top view counts as hair only what the mask calls hair and has texture', () => {
  it('drops mask pixels on smooth scalp and keeps those on texture', () => {
    // working maps of 20×20: smooth on the left half, textured on the right
    const n = 20 * 20;
    const maps: PixelMaps = {
      width: 20,
      height: 20,
      luma: new Float32Array(n),
      cb: new Float32Array(n),
      cr: new Float32Array(n),
      texture: Float32Array.from({ length: n }, (_, i) => (i % 20 < 10 ? 0 : 4 * HAIR_TEXTURE)),
    };
    const gated = texturedHair(allHair(0.75), maps);
    expect(gated).toMatchObject({ width: SIDE, height: SIDE });
    const at = (fx: number) => gated.data[(SIDE / 2) * SIDE + Math.floor(fx * SIDE)];
    expect(at(0.1)).toBe(0);
    expect(at(0.3)).toBe(0);
    expect(at(0.7)).toBeCloseTo(0.75);
    expect(at(0.95)).toBeCloseTo(0.75);
  });

  it('a mask that marks a whole scalp as hair shows the bare half bare, whatever the skin tone', async () => {
    for (const tone of [1, 0.45]) {
      const photo = scalpWithHairOnTheRight(320);
      for (let i = 0; i < photo.rgb.length; i++) photo.rgb[i] = Math.round(photo.rgb[i]! * tone);
      const { measurements, drawing } = await analyzeTop(photo, undefined, allHair(), undefined);
      // the crown disc lies across both halves: about half of it is hair, not all of it
      expect(measurements.topCoverage, `tone ${tone}`).toBeGreaterThan(0.3);
      expect(measurements.topCoverage, `tone ${tone}`).toBeLessThan(0.7);
      // the outline drawn is the gated mask's: it runs down the middle, where the strands begin
      // (away from the photo's edges, where the texture map has no border and the outline closes)
      const xs = (drawing.hairOutline ?? [])
        .filter(([a, b]) => Math.min(a.y, b.y) > 0.1 && Math.max(a.y, b.y) < 0.9)
        .flatMap(([a, b]) => [a.x, b.x])
        .filter((x) => x > 0.05 && x < 0.95);
      expect(xs.length, `tone ${tone}`).toBeGreaterThan(0);
      for (const x of xs) expect(Math.abs(x - 0.5), `tone ${tone}`).toBeLessThan(0.1);
    }
  });
});
