/** The scalp's texture features, measured in zones placed on the head (centred on it, so turns and flips matter little). */
import { kthSmallest, median } from '#shared/statistics.ts';
import type { PixelMaps } from '../photo/pixels.ts';
import { estimateSkin, type SkinModel } from './segment.ts';

/** Working resolution: fine enough for strand texture, small enough for a few milliseconds of JS. */
export const WORK_SIDE = 160;
/** Second, finer scale for strand texture: at 320 px single strands still give edges where 160 px has blurred them. */
export const FINE_SIDE = 320;
/** Radii, as fractions of the head's own radii, of the central disc (the top of the head, the crown) and of the head zone. */
export const CENTRE_RADIUS = 0.6;
export const HEAD_RADIUS = 0.9;
/** below this texture a pixel is smooth (bare scalp, skin, plain background) */
const SMOOTH_TEXTURE = 0.1;
/** brighter than this share of the skin luma, and smooth, is a highlight: bare scalp shines, hair scatters light */
const SHINE_REL_LUMA = 1.2;

export interface HairFeatures {
  /** log of the median strand texture in the head zone: bare scalp is smooth, hair is not */
  texture: number;
  /** share of smooth pixels in the head zone */
  smoothShare: number;
  /** share of smooth pixels much brighter than the skin (specular highlights of bare scalp) in the head zone */
  shine: number;
  /** log of the upper-quartile strand texture in the head zone at FINE_SIDE */
  fineTexture: number;
}

/** The head as an ellipse, in fractions of the photo's width and height. */
export interface HeadEllipse {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}
/** Where the top view measures: the head zone's ellipse (HEAD_RADIUS of it) and the crown disc's radius in its radii. */
export interface ScalpZones {
  head: HeadEllipse;
  crownRadius: number;
}

/** the whole photo taken as the head: a scalp close-up, or no person found */
export const WHOLE_PHOTO: HeadEllipse = { cx: 0.5, cy: 0.5, rx: 0.5, ry: 0.5 };

/** Where the head sits, with its zones: pixel indices of each zone at one working size, only pixels of the head. */
export interface HeadZones {
  centre: number[];
  head: number[];
}

/** pixel indices inside the head's ellipse scaled by `radius`, and inside the person where a mask is given */
export function zoneIndices(
  width: number,
  height: number,
  ellipse: HeadEllipse,
  radius: number,
  inHead?: (fx: number, fy: number) => boolean,
): number[] {
  return ellipseZones(width, height, ellipse, [radius], inHead)[0]!;
}

export function headZones(
  width: number,
  height: number,
  ellipse: HeadEllipse,
  inHead?: (fx: number, fy: number) => boolean,
  crownRadius = CENTRE_RADIUS,
): HeadZones {
  const [centre, head] = ellipseZones(width, height, ellipse, [crownRadius, HEAD_RADIUS], inHead);
  return { centre: centre!, head: head! };
}

/**
 * The pixels inside the ellipse scaled by each radius, in one scan: the per-column and per-row terms are computed once
 * and added in the order the single-zone test always added them, so every zone is exactly the one that test gives; rows
 * and columns outside the largest radius are skipped, and the mask is asked once per pixel.
 */
function ellipseZones(
  width: number,
  height: number,
  ellipse: HeadEllipse,
  radii: number[],
  inHead?: (fx: number, fy: number) => boolean,
): number[][] {
  const limits = radii.map((r) => r * r);
  const widest = Math.max(...limits);
  const across = new Float64Array(width);
  for (let x = 0; x < width; x++) across[x] = (((x + 0.5) / width - ellipse.cx) / ellipse.rx) ** 2;
  const out = radii.map((): number[] => []);
  for (let y = 0; y < height; y++) {
    const fy = (y + 0.5) / height;
    const along = ((fy - ellipse.cy) / ellipse.ry) ** 2;
    if (along >= widest) continue;
    for (let x = 0; x < width; x++) {
      const d = across[x]! + along;
      if (d >= widest) continue;
      if (inHead && !inHead((x + 0.5) / width, fy)) continue;
      for (let k = 0; k < limits.length; k++) if (d < limits[k]!) out[k]!.push(y * width + x);
    }
  }
  return out;
}

/** value at quantile p (nearest rank below) of the map's values at the given indices */
export function quantileAt(map: Float32Array, indices: number[], p: number): number {
  if (indices.length === 0) return NaN;
  const s = new Float32Array(indices.length);
  for (let k = 0; k < indices.length; k++) s[k] = map[indices[k]!]!;
  return kthSmallest(s, Math.min(s.length - 1, Math.floor(p * s.length)));
}

/**
 * Features of the working image (maps, WORK_SIDE) and of the same image at FINE_SIDE (fine). The returned skin model is
 * the photo's general one (skin-coloured pixels of the head zone), which the engine also uses for labelling.
 */
export function photoFeatures(
  maps: PixelMaps,
  zones: HeadZones,
  fine: PixelMaps,
  fineZones: HeadZones,
): { skin: SkinModel; features: HairFeatures } {
  const { head } = zones;
  const skin = estimateSkin(maps, head);
  let smooth = 0,
    shine = 0;
  for (const i of head) {
    if (maps.texture[i]! >= SMOOTH_TEXTURE) continue;
    smooth++;
    if (maps.luma[i]! > SHINE_REL_LUMA * skin.luma) shine++;
  }
  const fineHead = fineZones.head;
  const features: HairFeatures = {
    texture: Math.log(median(head.map((i) => maps.texture[i]!)) + 0.01),
    smoothShare: smooth / Math.max(1, head.length),
    shine: shine / Math.max(1, head.length),
    fineTexture: Math.log(quantileAt(fine.texture, fineHead, 0.75) + 0.01),
  };
  return { skin, features };
}
