/** The photo-level features the score is fitted on, measured in fixed centred zones so tilt, flips and crops matter little. */
import { type PixelMaps, inSkinBox, median } from './pixels.ts';
import { estimateSkin, isHairLike, type SkinModel } from './segment.ts';

/** Working resolution: fine enough for strand texture, small enough for a few milliseconds of JS. */
export const WORK_SIDE = 160;
/** Second, finer scale for strand texture: at 320 px single strands still give edges where 160 px has blurred them. */
export const FINE_SIDE = 320;
/** Radii, as fractions of the image sides, of the central disc (crown or front of the head in most photos) and of the head zone. */
export const CENTRE_RADIUS = 0.3;
export const HEAD_RADIUS = 0.45;
/** darker than this share of the skin luma counts as dark (hair or shadowed scalp) */
const DARK_REL_LUMA = 0.7;
/** below this texture a pixel is smooth (bare scalp, skin, plain background); the same cut as the hair test of segment.ts */
const SMOOTH_TEXTURE = 0.1;
/** brighter than this share of the skin luma, and smooth, is a highlight: bare scalp shines, hair scatters light */
const SHINE_REL_LUMA = 1.2;
/** the scalp-seeded skin model uses the smoothest share of the skin-coloured pixels (bare scalp or forehead, not hair) */
const SCALP_SEED_SHARE = 0.3;

export interface HairFeatures {
  /** share of hair-like (dark or strand-textured) pixels in the central disc, against the skin of the smoothest skin-coloured pixels */
  coverage: number;
  /** share of pixels clearly darker than the skin in the central disc */
  darkShare: number;
  /** log of the median strand texture in the head zone: bare scalp is smooth, hair is not */
  texture: number;
  /** share of smooth pixels in the head zone */
  smoothShare: number;
  /** share of smooth pixels much brighter than the skin (specular highlights of bare scalp) in the head zone */
  shine: number;
  /** log of the upper-quartile strand texture in the head zone at FINE_SIDE */
  fineTexture: number;
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
  if (discCache.size >= 64) discCache.delete(discCache.keys().next().value!); // oldest first: recent sizes stay cached
  discCache.set(key, out);
  return out;
}

/** Skin colour of the smoothest skin-coloured pixels of the head zone: bare scalp or forehead rather than brown hair. */
function scalpSeededSkin(maps: PixelMaps, head: number[]): SkinModel {
  const skinColoured = head.filter((i) => maps.luma[i]! > 40 && inSkinBox(maps.cb[i]!, maps.cr[i]!));
  skinColoured.sort((a, b) => maps.texture[a]! - maps.texture[b]! || a - b);
  return estimateSkin(maps, skinColoured.slice(0, Math.max(30, Math.floor(SCALP_SEED_SHARE * skinColoured.length))));
}

/** value at quantile p (nearest rank below) of the map's values at the given indices */
export function quantileAt(map: Float32Array, indices: number[], p: number): number {
  if (indices.length === 0) return NaN;
  const s = new Float32Array(indices.length);
  for (let k = 0; k < indices.length; k++) s[k] = map[indices[k]!]!;
  s.sort();
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}

/**
 * Features of the working image (maps, WORK_SIDE) and of the same image at FINE_SIDE (fine). The returned skin model is
 * the photo's general one (skin-coloured pixels of the head zone), which the engine also uses for labelling.
 */
export function photoFeatures(maps: PixelMaps, fine: PixelMaps): { skin: SkinModel; features: HairFeatures } {
  const centre = discIndices(maps.width, maps.height, CENTRE_RADIUS);
  const head = discIndices(maps.width, maps.height, HEAD_RADIUS);
  const skin = estimateSkin(maps, head);
  const scalp = scalpSeededSkin(maps, head);
  let hair = 0, dark = 0;
  for (const i of centre) {
    if (isHairLike(maps, scalp, i)) hair++;
    if (maps.luma[i]! < DARK_REL_LUMA * skin.luma) dark++;
  }
  let smooth = 0, shine = 0;
  for (const i of head) {
    if (maps.texture[i]! >= SMOOTH_TEXTURE) continue;
    smooth++;
    if (maps.luma[i]! > SHINE_REL_LUMA * skin.luma) shine++;
  }
  const fineHead = discIndices(fine.width, fine.height, HEAD_RADIUS);
  const features: HairFeatures = {
    coverage: hair / centre.length,
    darkShare: dark / centre.length,
    texture: Math.log(median(head.map((i) => maps.texture[i]!)) + 0.01),
    smoothShare: smooth / head.length,
    shine: shine / head.length,
    fineTexture: Math.log(quantileAt(fine.texture, fineHead, 0.75) + 0.01),
  };
  return { skin, features };
}
