/** The skin colour of a photo, estimated from the photo itself: the reference the scalp's shine is measured against. */
import { median } from '#shared/statistics.ts';
import { inSkinBox, type PixelMaps } from '../photo/pixels.ts';

export interface SkinModel {
  cb: number;
  cr: number;
  luma: number;
}

/** Typical skin chroma, used when a photo holds too few skin-like pixels to estimate its own. */
const DEFAULT_SKIN: SkinModel = { cb: 108, cr: 152, luma: 150 };

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
