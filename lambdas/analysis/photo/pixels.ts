/** Per-pixel colour and texture maps of the small working image: the raw material of hair/skin separation. */
import { cbOf, crOf, luma } from '#shared/photo-quality.ts';
import type { RgbImage } from '../types.ts';

/** Luma and chroma (ITU-R BT.601), the one brightness and colour every check and measurement uses. */
export { cbOf, crOf, luma };

export interface PixelMaps {
  width: number;
  height: number;
  luma: Float32Array;
  cb: Float32Array;
  cr: Float32Array;
  /** local luma gradient energy (3x3 Sobel, box-smoothed), relative to the local brightness so it survives lighting changes */
  texture: Float32Array;
}

export function toPixelMaps(img: RgbImage): PixelMaps {
  const { width, height, rgb } = img;
  const n = width * height;
  const lumaMap = new Float32Array(n);
  const cb = new Float32Array(n);
  const cr = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = rgb[3 * i]!,
      g = rgb[3 * i + 1]!,
      b = rgb[3 * i + 2]!;
    const y = luma(r, g, b);
    lumaMap[i] = y;
    cb[i] = cbOf(b, y);
    cr[i] = crOf(r, y);
  }
  return { width, height, luma: lumaMap, cb, cr, texture: textureMap(lumaMap, width, height) };
}

function textureMap(luma: Float32Array, w: number, h: number): Float32Array {
  const grad = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx =
        luma[i - w + 1]! + 2 * luma[i + 1]! + luma[i + w + 1]! - luma[i - w - 1]! - 2 * luma[i - 1]! - luma[i + w - 1]!;
      const gy =
        luma[i + w - 1]! + 2 * luma[i + w]! + luma[i + w + 1]! - luma[i - w - 1]! - 2 * luma[i - w]! - luma[i - w + 1]!;
      grad[i] = Math.sqrt(gx * gx + gy * gy) / (8 * (luma[i]! + 24)); // Math.hypot is several times slower in V8
    }
  }
  return boxBlur(grad, w, h, 2);
}

/** Separable box mean with clamped edges. */
export function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0,
        c = 0;
      for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r); k++) {
        s += src[y * w + k]!;
        c++;
      }
      tmp[y * w + x] = s / c;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0,
        c = 0;
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k++) {
        s += tmp[k * w + x]!;
        c++;
      }
      out[y * w + x] = s / c;
    }
  }
  return out;
}

/** The classic fixed YCbCr skin box (Chai & Ngan), only used to seed the adaptive model and by the reference baseline. */
export { inSkinBox } from '#shared/capture-rules.ts';
