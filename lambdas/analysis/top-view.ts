/**
 * The top path, for crown and scalp photos (and a head bowed forward to show the hairline and crown): hair coverage,
 * darkness, smoothness, shine and strand texture in fixed centred zones of the scalp, or of the band above the brows when
 * a bowed face is in view. Rotation-free, so a photo taken from any side of the head reads alike.
 */
import { rawRgb, type NormalisedPhoto, type PixelRect } from './normalize.ts';
import { toPixelMaps, type PixelMaps } from './pixels.ts';
import { CENTRE_RADIUS, FINE_SIDE, HEAD_RADIUS, WORK_SIDE, photoFeatures } from './features.ts';
import { LABEL, labelPixels } from './segment.ts';
import { TOP_FEATURES } from './model.ts';
import type { Zone } from './overlay.ts';
import type { DetectedFace } from './types.ts';
import { round3, textureShare, type ViewAnalysis } from './view-analysis.ts';

/** log upper-quartile strand texture at FINE_SIDE of bare scalp and of dense hair in the dev photos */
const TEXTURE_SMOOTH = -3.9, TEXTURE_DENSE = -1.8;

/**
 * `face`, when given, is a bowed face in the photo's own pixels: the scalp is the band above its brows. `wholeMaps` are
 * the whole photo's maps at WORK_SIDE when the caller already made them.
 */
export async function analyzeTop(photo: NormalisedPhoto, face: DetectedFace | undefined, wholeMaps?: PixelMaps): Promise<ViewAnalysis> {
  const region = face && regionAboveBrows(face, photo);
  const [maps, fine] = await Promise.all([
    wholeMaps && !region ? wholeMaps : rawRgb(photo.jpeg, WORK_SIDE, region).then(toPixelMaps),
    rawRgb(photo.jpeg, FINE_SIDE, region).then(toPixelMaps),
  ]);
  const { skin, features } = photoFeatures(maps, fine);
  const labels = labelPixels(maps, skin);
  const frontal = coverage(labels, maps, (r) => r >= CENTRE_RADIUS && r < HEAD_RADIUS);
  const top = coverage(labels, maps, (r) => r < CENTRE_RADIUS);
  const toPhoto = (fx: number, fy: number) => (region
    ? { x: (region.left + fx * region.width) / photo.width, y: (region.top + fy * region.height) / photo.height }
    : { x: fx, y: fy });
  const c = toPhoto(0.5, 0.5), far = toPhoto(1, 1), near = toPhoto(0, 0);
  const sx = far.x - near.x, sy = far.y - near.y;
  const zones: Zone[] = [
    { label: 'frontal', cx: c.x, cy: c.y, rx: HEAD_RADIUS * sx, ry: HEAD_RADIUS * sy },
    { label: 'top', cx: c.x, cy: c.y, rx: CENTRE_RADIUS * sx, ry: CENTRE_RADIUS * sy },
  ];
  return {
    view: 'top',
    features: TOP_FEATURES.map((name) => features[name]),
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
    drawing: { zones, hairline: [], markers: [] },
  };
}

/** hair / (hair + skin) in the ring of the scalp picked by radius (fractions of the sides), ignoring background */
function coverage(labels: Uint8Array, maps: PixelMaps, inRing: (r: number) => boolean): number {
  let hair = 0, skin = 0;
  for (let y = 0; y < maps.height; y++) {
    for (let x = 0; x < maps.width; x++) {
      if (!inRing(Math.hypot((x + 0.5) / maps.width - 0.5, (y + 0.5) / maps.height - 0.5))) continue;
      const l = labels[y * maps.width + x];
      if (l === LABEL.hair) hair++;
      else if (l === LABEL.skin) skin++;
    }
  }
  return hair + skin < 20 ? 0 : hair / (hair + skin);
}

/** The band where hair belongs on a bowed head: from the brows up two and a half facial thirds, over the face's width. */
function regionAboveBrows(face: DetectedFace, photo: { width: number; height: number }): PixelRect | undefined {
  const { browLeft, browRight, chin } = face.landmarks;
  const b = face.box;
  const browY = browLeft && browRight ? (browLeft.y + browRight.y) / 2 : b.y + 0.3 * b.height;
  const midX = browLeft && browRight ? (browLeft.x + browRight.x) / 2 : b.x + b.width / 2;
  const unit = Math.max(4, ((chin?.y ?? b.y + b.height) - browY) / 2);
  const left = Math.max(0, Math.round(midX - 0.55 * b.width));
  const right = Math.min(photo.width, Math.round(midX + 0.55 * b.width));
  const top = Math.max(0, Math.round(browY - 2.6 * unit));
  const bottom = Math.min(photo.height, Math.round(browY - 0.1 * unit));
  if (right - left < 32 || bottom - top < 32) return undefined;
  return { left, top, width: right - left, height: bottom - top };
}
