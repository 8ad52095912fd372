/** sRGB bytes to linear light and back: the photo copies change light where light adds up (dim-light, grey-hair). */

export const toLinear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** linear light (clamped to 0..1) to an sRGB level, not rounded */
export const toSrgb = (l: number) => {
  const c = Math.min(1, Math.max(0, l));
  return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
};

/** toLinear of every byte */
export const LINEAR = Float32Array.from({ length: 256 }, (_, v) => toLinear(v));
