/**
 * The top view, for crown and scalp photos (and a bowed head whose forehead is hidden under hair): the head is found
 * with the person mask, and the zones are placed on it, the top of the head (crown) in its middle and the ring around
 * it, moved onto the scalp (scalp-zones.ts: off the face of a bowed selfie whose face is not found):
 * hair coverage, darkness, smoothness, shine and strand texture, counted only on the head. Rotation-free, so a photo
 * taken from any side of the head reads alike. Without a person in the mask (a scalp close-up fills the frame) the
 * whole photo is the head.
 *
 * Hair, seen from above, is where the hair mask says so AND the photo has texture: the mask marks shaved, stubbled,
 * shaded, lit or shiny bare scalp as hair, but bare scalp is smooth whatever its colour, while strands scatter light
 * into edges. The gated mask gives the coverage shown and the outline drawn.
 */
import type { Photo } from '../photo/photo.ts';
import { scalpMaps } from './scalp-maps.ts';
import { CENTRE_RADIUS, HEAD_RADIUS, WHOLE_PHOTO, headZones, photoFeatures, type ScalpZones } from './features.ts';
import { hairAt, maskAt } from './scalp-zones.ts';
import type { HairSegmentation } from '../hair-mask/index.ts';
import type { PersonMask, ProbabilityMap } from '../types.ts';
import type { Zone } from '../overlay/overlay.ts';
import { maskOutline } from '../overlay/hair-outline.ts';
import { boxBlur, type PixelMaps } from '../photo/pixels.ts';
import { textureShare, type ViewAnalysis } from '../view-analysis.ts';
import { round3 } from '#shared/statistics.ts';

/** log upper-quartile strand texture at FINE_SIDE of bare scalp and of dense hair in the dev photos */
const TEXTURE_SMOOTH = -3.9,
  TEXTURE_DENSE = -1.8;
/** fewer head pixels than this in a zone at WORK_SIDE: the zone is not on the photo */
const MIN_ZONE_PIXELS = 40;
/**
 * A mask pixel smoother than this (the texture map at WORK_SIDE: Sobel magnitude over luma, 5×5 mean) is bare scalp,
 * not hair. Chosen on the dev folders' 259 top views (2026-11-27) among 0-0.3: ρ(shown crown coverage, label) −0.52 →
 * −0.73 on the bowed selfies and −0.55 → −0.76 on the crown photos; crown photos of the highest label shown over 50 %
 * covered 3 of 13 → 0; the full heads of the lowest label keep 0.80 of their 0.85 mean coverage (0.05 took more).
 */
export const HAIR_TEXTURE = 0.04;
/**
 * The texture is first averaged over this many pixels around (7×7 at 160 px): a smooth lock inside dense hair keeps its
 * textured surroundings' reading, so the outline has no holes there; a bare scalp is smooth over far more than that.
 * Measured against no spreading (the same 259 top views): crown coverage ρ −0.732 → −0.729 (bowed), −0.758 → −0.758
 * (crowns); 6 px: −0.721, −0.756.
 */
const HAIR_TEXTURE_RADIUS = 3;

/** `head`: where the head is (from the mask, or the band above a bowed face's brows); the mask keeps the zones on it. */
export async function analyzeTop(
  photo: Photo,
  mask: PersonMask | undefined,
  hair: HairSegmentation,
  placed: ScalpZones | undefined,
): Promise<ViewAnalysis> {
  const { maps, fine } = await scalpMaps(photo);
  let ellipse = placed?.head ?? WHOLE_PHOTO;
  let crownRadius = placed?.crownRadius ?? CENTRE_RADIUS;
  const onHead = placed && mask ? maskAt(mask) : undefined;
  let zones = headZones(maps.width, maps.height, ellipse, onHead, crownRadius);
  let fineZones = headZones(fine.width, fine.height, ellipse, onHead, crownRadius);
  if (zones.centre.length < MIN_ZONE_PIXELS || zones.head.length < MIN_ZONE_PIXELS) {
    ellipse = WHOLE_PHOTO;
    crownRadius = CENTRE_RADIUS;
    zones = headZones(maps.width, maps.height, ellipse);
    fineZones = headZones(fine.width, fine.height, ellipse);
  }
  const { features } = photoFeatures(maps, zones, fine, fineZones);
  const hairMap = texturedHair(hair, maps);
  const isHair = hairAt(hairMap, maps.width, maps.height);
  const centre = new Set(zones.centre);
  const frontal = coverage(
    isHair,
    zones.head.filter((i) => !centre.has(i)),
  );
  const top = coverage(isHair, zones.centre);
  const drawn: Zone[] = [
    {
      label: 'around the crown',
      cx: ellipse.cx,
      cy: ellipse.cy,
      rx: HEAD_RADIUS * ellipse.rx,
      ry: HEAD_RADIUS * ellipse.ry,
    },
    { label: 'top', cx: ellipse.cx, cy: ellipse.cy, rx: crownRadius * ellipse.rx, ry: crownRadius * ellipse.ry },
  ];
  return {
    view: 'top',
    features: { ...features },
    measurements: {
      view: 'top',
      hairlineHeightRatio: null,
      templeRecession: null,
      frontalCoverage: round3(frontal),
      topCoverage: round3(top),
      bareTopShare: round3(1 - top),
      strandTexture: textureShare(features.fineTexture, TEXTURE_SMOOTH, TEXTURE_DENSE),
    },
    shine: Math.min(1, features.shine * 5),
    evenness: 1 - Math.min(1, Math.abs(frontal - top)),
    trust: 0.75,
    drawing: { zones: drawn, hairline: [], markers: [], hairOutline: maskOutline(hairMap) },
  };
}

/**
 * The hair probability over the whole photo at the mask's own resolution, 0 where the head is smooth: each mask pixel
 * reads the texture, spread over HAIR_TEXTURE_RADIUS, of the working-map pixel it falls in.
 */
export function texturedHair(hair: HairSegmentation, maps: PixelMaps): ProbabilityMap {
  const texture = boxBlur(maps.texture, maps.width, maps.height, HAIR_TEXTURE_RADIUS);
  const { side } = hair;
  const data = new Float32Array(side * side);
  for (let y = 0; y < side; y++) {
    const row = Math.min(maps.height - 1, Math.floor(((y + 0.5) / side) * maps.height)) * maps.width;
    for (let x = 0; x < side; x++) {
      const i = y * side + x;
      if (texture[row + Math.min(maps.width - 1, Math.floor(((x + 0.5) / side) * maps.width))]! < HAIR_TEXTURE)
        continue;
      data[i] = hair.probability[i]!;
    }
  }
  return { data, width: side, height: side };
}

/** the hair share of the given head pixels */
function coverage(isHair: (i: number) => boolean, indices: number[]): number {
  if (indices.length === 0) return 0;
  let n = 0;
  for (const i of indices) if (isHair(i)) n++;
  return n / indices.length;
}
