/** The three photo-level features the score is fitted on, measured in fixed zones so tilt, flips and crops matter little. */
import { type PixelMaps, median } from './pixels.ts';
import { estimateSkin, isHairLike, type SkinModel } from './segment.ts';

/** Working resolution: fine enough for strand texture, small enough for a few milliseconds of JS. */
export const WORK_SIDE = 160;
/** Radii, as fractions of the image sides, of the central disc (crown or front of the head in most photos) and of the head zone. */
export const CENTRE_RADIUS = 0.3;
export const HEAD_RADIUS = 0.45;
/** darker than this share of the skin luma counts as dark (hair or shadowed scalp) */
const DARK_REL_LUMA = 0.7;

export interface HairFeatures {
  /** share of hair-like (dark or strand-textured) pixels in the central disc */
  coverage: number;
  /** share of pixels clearly darker than the skin in the central disc */
  darkShare: number;
  /** log of the median strand texture in the head zone: bare scalp is smooth, hair is not */
  texture: number;
}

const discCache = new Map<string, number[]>();

/** pixel indices inside the centred ellipse of the given radius (fractions of each side); cached per size */
export function discIndices(width: number, height: number, radius: number): number[] {
  const key = `${width}x${height}@${radius}`;
  const cached = discCache.get(key);
  if (cached) return cached;
  const out: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (((x + 0.5) / width - 0.5) ** 2 + ((y + 0.5) / height - 0.5) ** 2 < radius * radius) out.push(y * width + x);
    }
  }
  if (discCache.size < 64) discCache.set(key, out);
  return out;
}

function imageSkinModel(maps: PixelMaps): SkinModel {
  return estimateSkin(maps, discIndices(maps.width, maps.height, HEAD_RADIUS));
}

function hairFeatures(maps: PixelMaps, skin: SkinModel, hairLike: (i: number) => boolean): HairFeatures {
  const centre = discIndices(maps.width, maps.height, CENTRE_RADIUS);
  const head = discIndices(maps.width, maps.height, HEAD_RADIUS);
  let hair = 0, dark = 0;
  for (const i of centre) {
    if (hairLike(i)) hair++;
    if (maps.luma[i]! < DARK_REL_LUMA * skin.luma) dark++;
  }
  return {
    coverage: hair / centre.length,
    darkShare: dark / centre.length,
    texture: Math.log(median(head.map((i) => maps.texture[i]!)) + 0.01),
  };
}

export function photoFeatures(maps: PixelMaps): { skin: SkinModel; features: HairFeatures } {
  const skin = imageSkinModel(maps);
  const features = hairFeatures(maps, skin, (i) => isHairLike(maps, skin, i));
  return { skin, features };
}
