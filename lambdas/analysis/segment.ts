/** Hair / skin / other labelling of the working image, against a skin colour model estimated from the photo itself. */
import { inSkinBox, median, type PixelMaps } from './pixels.ts';

export interface SkinModel {
  cb: number;
  cr: number;
  luma: number;
}

export const LABEL = { other: 0, skin: 1, hair: 2 } as const;

/** Typical skin chroma, used when a photo holds too few skin-like pixels to estimate its own. */
const DEFAULT_SKIN: SkinModel = { cb: 108, cr: 152, luma: 150 };
const SKIN_CHROMA_RADIUS = 13;
/** hair is clearly darker than the skin model, or finely textured (strands) */
const HAIR_MAX_REL_LUMA = 0.6;
const HAIR_MIN_TEXTURE = 0.1;

/** Skin colour from the given pixel indices (face cheeks, or the whole central region when no face is seen). */
export function estimateSkin(maps: PixelMaps, indices: Iterable<number>): SkinModel {
  const cbs: number[] = [],
    crs: number[] = [],
    ys: number[] = [];
  for (const i of indices) {
    if (maps.luma[i]! > 40 && inSkinBox(maps.cb[i]!, maps.cr[i]!)) {
      cbs.push(maps.cb[i]!);
      crs.push(maps.cr[i]!);
      ys.push(maps.luma[i]!);
    }
  }
  if (cbs.length < 30) return DEFAULT_SKIN;
  return { cb: median(cbs), cr: median(crs), luma: median(ys) };
}

export function isHairLike(maps: PixelMaps, skin: SkinModel, i: number): boolean {
  return maps.luma[i]! < HAIR_MAX_REL_LUMA * skin.luma || maps.texture[i]! > HAIR_MIN_TEXTURE;
}

/** One label per pixel: hair-like first, then skin by chroma distance to the model, the rest is background. */
export function labelPixels(maps: PixelMaps, skin: SkinModel): Uint8Array {
  const n = maps.width * maps.height;
  const labels = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (isHairLike(maps, skin, i)) labels[i] = LABEL.hair;
    else if (Math.hypot(maps.cb[i]! - skin.cb, maps.cr[i]! - skin.cr) < SKIN_CHROMA_RADIUS) labels[i] = LABEL.skin;
  }
  return labels;
}
