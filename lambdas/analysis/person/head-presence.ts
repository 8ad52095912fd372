/**
 * Is there a head in a photo without a face? The person model and the hair model each find people and hair in any
 * orientation and find nothing in patterns, walls and landscapes, so a head is whatever either calls person or hair.
 * A bald scalp filling the frame is the one head both can miss; it is recognised as a large smooth skin-coloured area
 * that is neither noise nor a flat surface. Thresholds: analysis-config.ts HEAD_PRESENCE.
 */
import { HEAD_PRESENCE } from '../analysis-config.ts';
import { AnalysisRejectedError } from '../errors.ts';
import { HEAD_RADIUS, WHOLE_PHOTO, zoneIndices } from '../above/features.ts';
import type { ProbabilityMap } from '../faces/face-grid.ts';
import { median } from '#shared/statistics.ts';
import { inSkinBox, luma, toPixelMaps, type RgbImage } from '../photo/pixels.ts';
import { SKIN_BOX } from '#shared/capture-rules.ts';

/** what the pixels say where the masks claim too little: is it a bald scalp filling the frame? */
interface BareScalpCue {
  /** share of the photo's central ellipse that is smooth and skin-coloured (a bald scalp from above) */
  bareScalpShare: number;
  /** median luma difference between horizontal neighbours: dozens in noise, a few in hair or skin */
  neighbourDiff: number;
  /** luma spread over the central ellipse: a flat wall has almost none */
  lumaSd: number;
}

/** share of the photo the person model or the hair model claims */
function maskShare(person: ProbabilityMap, hair: ProbabilityMap): number {
  const side = 128;
  let claimed = 0;
  const at = (m: ProbabilityMap, fx: number, fy: number) =>
    m.data[
      Math.min(m.height - 1, Math.floor(fy * m.height)) * m.width + Math.min(m.width - 1, Math.floor(fx * m.width))
    ]!;
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const fx = (x + 0.5) / side,
        fy = (y + 0.5) / side;
      if (at(person, fx, fy) >= 0.5 || at(hair, fx, fy) >= 0.5) claimed++;
    }
  return claimed / (side * side);
}

function bareScalpCue(image: RgbImage): BareScalpCue {
  const maps = toPixelMaps(image);
  const centre = zoneIndices(maps.width, maps.height, WHOLE_PHOTO, HEAD_RADIUS);
  let scalp = 0,
    sum = 0,
    sumSq = 0;
  for (const i of centre) {
    const y = maps.luma[i]!;
    sum += y;
    sumSq += y * y;
    if (y > SKIN_BOX.minLuma && inSkinBox(maps.cb[i]!, maps.cr[i]!) && maps.texture[i]! < HEAD_PRESENCE.smoothTexture)
      scalp++;
  }
  return {
    bareScalpShare: scalp / Math.max(1, centre.length),
    neighbourDiff: neighbourDiff(image),
    lumaSd: Math.sqrt(Math.max(0, sumSq / centre.length - (sum / centre.length) ** 2)),
  };
}

function bareScalpFills(cue: BareScalpCue): boolean {
  return (
    cue.bareScalpShare >= HEAD_PRESENCE.minBareScalpShare &&
    cue.neighbourDiff <= HEAD_PRESENCE.maxNeighbourDiff &&
    cue.lumaSd >= HEAD_PRESENCE.minLumaSd
  );
}

/**
 * No face and no head: a pattern, a wall, a landscape, a pet. Refused before any charge is kept. The pixels are read
 * only when the masks claim too little (nearly every photo of a head passes on the masks alone).
 */
export function rejectIfNoHead(person: ProbabilityMap, hair: ProbabilityMap, image: RgbImage): void {
  if (maskShare(person, hair) >= HEAD_PRESENCE.minMaskShare) return;
  if (!bareScalpFills(bareScalpCue(image))) throw new AnalysisRejectedError('no_hair');
}

/** median absolute luma difference between horizontal neighbours, on a sparse grid of rows */
function neighbourDiff({ rgb, width, height }: RgbImage): number {
  const at = (i: number) => luma(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!);
  const diffs: number[] = [];
  for (let y = 0; y < height; y += 4)
    for (let x = 0; x + 1 < width; x += 2) diffs.push(Math.abs(at(y * width + x) - at(y * width + x + 1)));
  return median(diffs);
}
