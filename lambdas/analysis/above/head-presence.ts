/**
 * Is there a head in a photo without a face? The person model and the hair model each find people and hair in any
 * orientation and find nothing in patterns and walls, but they also take an animal's fur, a flower or sand for a person
 * or hair. A head photographed from above fills much of the frame, and what they claim of it is hair or skin: that is
 * a head. A bald scalp filling the frame is the one head both can miss; it is recognised as a large smooth
 * skin-coloured area that is neither noise nor a flat surface, and whose outline is a dome's. And a face the detector
 * finds must be a person's, not an animal's (rejectIfFurFace). Thresholds: analysis-config.ts HEAD_PRESENCE.
 */
import { HEAD_PRESENCE } from '../analysis-config.ts';
import { AnalysisRejectedError } from '../errors.ts';
import { HEAD_RADIUS, WHOLE_PHOTO, zoneIndices } from '../above/features.ts';
import { hairAt } from '../above/scalp-zones.ts';
import type { DetectedFace, ProbabilityMap, RgbImage } from '../types.ts';
import { median, quantile } from '#shared/statistics.ts';
import { cbOf, crOf, inSkinBox, luma, toPixelMaps, type PixelMaps } from '../photo/pixels.ts';
import { outlineArc } from './dome-outline.ts';
import { SKIN_BOX } from '#shared/capture-rules.ts';
import { litScale } from '#shared/photo-quality.ts';

/** what the pixels say where the masks claim too little: is it a bald scalp filling the frame? */
interface BareScalpCue {
  /** share of the photo's central ellipse that is smooth and skin-coloured (a bald scalp from above) */
  bareScalpShare: number;
  /** median luma difference between horizontal neighbours: dozens in noise, a few in hair or skin */
  neighbourDiff: number;
  /** luma spread over the central ellipse: a flat wall has almost none */
  lumaSd: number;
}

/** what the masks claim: the share of the photo, and the share of that which is hair or skin-coloured */
interface MaskClaim {
  /** share of the photo the person model or the hair model claims */
  claimed: number;
  /** share of the claimed part that is hair (the hair model) or skin-coloured (chroma alone, any skin tone) */
  hairOrSkin: number;
}

function maskClaim(person: ProbabilityMap, hair: ProbabilityMap, image: RgbImage): MaskClaim {
  const side = 128;
  let claimed = 0,
    human = 0;
  const at = (m: { width: number; height: number }, fx: number, fy: number) =>
    Math.min(m.height - 1, Math.floor(fy * m.height)) * m.width + Math.min(m.width - 1, Math.floor(fx * m.width));
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const fx = (x + 0.5) / side,
        fy = (y + 0.5) / side;
      const isHair = hair.data[at(hair, fx, fy)]! >= 0.5;
      if (!isHair && person.data[at(person, fx, fy)]! < 0.5) continue;
      claimed++;
      const o = 3 * at(image, fx, fy);
      if (isHair || skinChroma(image.rgb[o]!, image.rgb[o + 1]!, image.rgb[o + 2]!)) human++;
    }
  return { claimed: claimed / (side * side), hairOrSkin: claimed ? human / claimed : 0 };
}

/** in the skin box by chroma alone: dark skin in shade is skin too */
function skinChroma(r: number, g: number, b: number): boolean {
  const y = luma(r, g, b);
  return inSkinBox(cbOf(b, y), crOf(r, y));
}

/** the masks hold a head: they claim much of the photo, and what they claim is hair or skin (not a flower or a wall) */
function masksHoldHead(claim: MaskClaim): boolean {
  return claim.claimed >= HEAD_PRESENCE.minMaskShare && claim.hairOrSkin >= HEAD_PRESENCE.minHairOrSkin;
}

/** smooth and skin-coloured by chroma (any skin tone): what a bare scalp is made of */
function smoothSkin(maps: PixelMaps, i: number): boolean {
  return (
    maps.luma[i]! > SKIN_BOX.minLuma &&
    inSkinBox(maps.cb[i]!, maps.cr[i]!) &&
    maps.texture[i]! < HEAD_PRESENCE.smoothTexture
  );
}

function bareScalpCue(image: RgbImage): BareScalpCue {
  const maps = toPixelMaps(image);
  const centre = zoneIndices(maps.width, maps.height, WHOLE_PHOTO, HEAD_RADIUS);
  let scalp = 0,
    sum = 0,
    sumSq = 0;
  const lumas = new Float32Array(centre.length);
  for (let k = 0; k < centre.length; k++) {
    const i = centre[k]!;
    const y = maps.luma[i]!;
    lumas[k] = y;
    sum += y;
    sumSq += y * y;
    if (smoothSkin(maps, i)) scalp++;
  }
  return {
    bareScalpShare: scalp / Math.max(1, centre.length),
    neighbourDiff: neighbourDiff(image),
    // read as if lit to LIT_LUMA, as sharpness is (shared/photo-quality.ts): a dim head's spread is smaller by its light
    lumaSd:
      Math.sqrt(Math.max(0, sumSq / centre.length - (sum / centre.length) ** 2)) * litScale(quantile(lumas, 0.95)),
  };
}

function bareScalpFills(cue: BareScalpCue): boolean {
  return (
    cue.bareScalpShare >= HEAD_PRESENCE.minBareScalpShare &&
    cue.neighbourDiff <= HEAD_PRESENCE.maxNeighbourDiff &&
    cue.lumaSd >= HEAD_PRESENCE.minLumaSd
  );
}

/** the centre of a face's box, as fractions of it: the eyes, the nose and the cheeks, whichever way the face is turned */
const FACE_CENTRE = { from: 0.2, to: 0.8, top: 0.3, bottom: 0.7 } as const;

/**
 * A face that is an animal's: the face detector finds a cat's or an owl's face as surely as a man's. On a person the
 * centre of the face is skin, which the hair model does not call hair (it leaves beards out); on an animal it is fur,
 * which it does. Refused as no head, before any charge is kept.
 */
export function rejectIfFurFace(face: DetectedFace, hair: ProbabilityMap, image: RgbImage): void {
  const { x, y, width, height } = face.box;
  const isHair = hairAt(hair, image.width, image.height);
  let cells = 0,
    hairy = 0,
    skin = 0;
  for (let py = Math.round(y + FACE_CENTRE.top * height); py < y + FACE_CENTRE.bottom * height; py++) {
    if (py < 0 || py >= image.height) continue;
    for (let px = Math.round(x + FACE_CENTRE.from * width); px < x + FACE_CENTRE.to * width; px++) {
      if (px < 0 || px >= image.width) continue;
      cells++;
      const i = py * image.width + px;
      if (isHair(i)) hairy++;
      if (skinChroma(image.rgb[3 * i]!, image.rgb[3 * i + 1]!, image.rgb[3 * i + 2]!)) skin++;
    }
  }
  if (cells > 0 && hairy / cells >= HEAD_PRESENCE.minHairOverFace && skin / cells < HEAD_PRESENCE.maxSkinOverFace) {
    throw new AnalysisRejectedError('no_hair');
  }
}

/**
 * A bald scalp's bare area is a dome: its outline is an arc (dome-outline.ts). Read on the smooth skin-coloured pixels
 * of the scalp maps (WORK_SIDE), where sand and sky read as a horizon at every transform; at the detector's 384 px a
 * tortilla's rim smooths into an arc in some. An area filling the frame shows no outline and is not judged by it.
 */
function bareAreaIsDome(maps: PixelMaps): boolean {
  const on = Uint8Array.from({ length: maps.width * maps.height }, (_, i) => (smoothSkin(maps, i) ? 1 : 0));
  const arc = outlineArc({ on, width: maps.width, height: maps.height });
  return (
    arc === undefined || (arc.residual <= HEAD_PRESENCE.dome.maxResidual && arc.radius <= HEAD_PRESENCE.dome.maxRadius)
  );
}

/**
 * No face and no head: a pattern, a wall, a landscape, a pet. Refused before any charge is kept. The bare-scalp cues
 * are read only when the masks do not hold a head (nearly every photo of a head passes on the masks alone); the scalp
 * maps are asked for only then.
 */
export async function rejectIfNoHead(
  person: ProbabilityMap,
  hair: ProbabilityMap,
  image: RgbImage,
  scalpMaps: () => Promise<PixelMaps>,
): Promise<void> {
  if (masksHoldHead(maskClaim(person, hair, image))) return;
  if (!bareScalpFills(bareScalpCue(image)) || !bareAreaIsDome(await scalpMaps()))
    throw new AnalysisRejectedError('no_hair');
}

/** median absolute luma difference between horizontal neighbours, on a sparse grid of rows */
function neighbourDiff({ rgb, width, height }: RgbImage): number {
  const at = (i: number) => luma(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!);
  const diffs: number[] = [];
  for (let y = 0; y < height; y += 4)
    for (let x = 0; x + 1 < width; x += 2) diffs.push(Math.abs(at(y * width + x) - at(y * width + x + 1)));
  return median(diffs);
}
