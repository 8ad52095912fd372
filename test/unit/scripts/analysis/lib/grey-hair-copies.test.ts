import { describe, expect, it } from 'vitest';
import { GREY_SHADES, repaintGrey } from '#scripts/analysis/lib/grey-hair-copies.ts';

/** BT.601 luma and how coloured a pixel is (chroma over luma) */
const luma = (p: number[]) => 0.299 * p[0]! + 0.587 * p[1]! + 0.114 * p[2]!;
const colourfulness = (p: number[]) => Math.hypot(p[2]! - luma(p), p[0]! - luma(p)) / luma(p);
const pixel = (rgb: Uint8Array, i: number) => [...rgb.slice(3 * i, 3 * i + 3)];

describe('grey-hair copies: the same hair gone silver or white', () => {
  // dark brown hair (a shadow, its mean, a sheen), then the face's skin, which the mask does not call hair
  const rgb = new Uint8Array([20, 14, 10, 45, 32, 24, 110, 90, 75, 222, 170, 140]);
  const hair = Float32Array.from([1, 1, 1, 0]);

  it('makes the hair light and colourless, keeping its light and shade in order, without clipping the sheen', () => {
    for (const shade of GREY_SHADES) {
      const out = repaintGrey(rgb, hair, shade.level);
      const [shadow, mid, sheen] = [0, 1, 2].map((i) => pixel(out, i));
      expect(luma(shadow!)).toBeLessThan(luma(mid!));
      expect(luma(mid!)).toBeLessThan(luma(sheen!));
      expect(Math.max(...sheen!)).toBeLessThan(255);
      for (const p of [shadow!, mid!, sheen!]) expect(colourfulness(p)).toBeLessThan(0.08);
      expect(luma(mid!)).toBeGreaterThan(luma(pixel(rgb, 1)) + 60);
    }
    // whiter shades are brighter
    const mids = GREY_SHADES.map((s) => luma(pixel(repaintGrey(rgb, hair, s.level), 1)));
    expect(mids).toEqual([...mids].sort((a, b) => a - b));
  });

  it('leaves what is not hair as it was', () => {
    expect(pixel(repaintGrey(rgb, hair, 0.4), 3)).toEqual(pixel(rgb, 3));
  });
});
