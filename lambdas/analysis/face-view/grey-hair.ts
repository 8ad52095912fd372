/**
 * Grey and white hair the hair model does not see. The model marks dark and coloured hair well but loses silver and
 * white hair (white-haired copies of the dev portraits, scripts/analysis/lib/grey-hair-copies.ts: a full head of white
 * hair read as a bald head, 13 "Cooked"; a dark-skinned man's silver hair as a forehead covered by something, refused),
 * and two white-haired men of the never-seen portraits, full hairlines, scored 16. Such hair is what the face's own
 * skin is not: nearly colourless (its chroma a fraction of the skin's, under the same light) and not dark. When most of
 * the top of the head the mask leaves bare reads so, the hair model is asked again on a copy of the photo in which those
 * pixels of the person are shown as dark hair (their brightness turned over, so the strands' texture stays): the model
 * then finds what it finds on dark hair, and every measurement after it reads the photo's own colours as before. A bare
 * scalp is the skin's colour and keeps it; a shine on it is small beside the top of the head.
 */
import { GREY_HAIR } from '../analysis-config.ts';
import type { FaceGrid } from '../faces/face-grid.ts';
import type { Photo } from '../photo/photo.ts';
import { cbOf, crOf, luma } from '../photo/pixels.ts';
import type { PersonMask } from '../types.ts';
import { CLASS, PERSON, type FaceSkin, type HairlineTrace } from './front.ts';
import { chromaticity, topCells } from './skin-guard.ts';

/** how coloured a surface is, whatever the light's level: its chromaticity's distance from neutral */
const colourfulness = (cb: number, cr: number, y: number) => {
  const { u, v } = chromaticity(cb, cr, y);
  return Math.hypot(u, v);
};

/** a sample of the person that reads as grey or white hair beside this face: nearly colourless, and not dark */
function greyLike(cb: number, cr: number, y: number, skin: FaceSkin): boolean {
  return (
    y >= GREY_HAIR.minRelLuma * skin.luma &&
    colourfulness(cb, cr, y) <= GREY_HAIR.maxRelChroma * colourfulness(skin.cb, skin.cr, skin.luma)
  );
}

/**
 * The share of the top of the head (from just above the brows to the head's outline, across the forehead) that the
 * mask leaves bare and that reads as grey or white hair: high when the model has missed such hair.
 */
export function greyTopShare(grid: FaceGrid, classes: Uint8Array, trace: HairlineTrace, skin: FaceSkin): number {
  const head = topCells(grid, trace, GREY_HAIR.halfWidth).filter((i) => classes[i] !== CLASS.background);
  const grey = head.filter(
    (i) => classes[i] !== CLASS.hair && greyLike(grid.cb[i]!, grid.cr[i]!, grid.luma[i]!, skin),
  ).length;
  return head.length ? grey / head.length : 0;
}

/**
 * The mask's bare top reads as grey hair the model missed: the hair model is asked again on greyShownDark's copy. A
 * forehead the first read found covered (by something neither hair nor skin) needs less: the grey hair over it is then
 * partly marked hair by the model and partly the "cover", and the photo would otherwise be refused.
 */
export const missedGreyHair = (greyShare: number, foreheadCovered: boolean) =>
  greyShare >= (foreheadCovered ? GREY_HAIR.minShareCovered : GREY_HAIR.minShare);

/**
 * The photo with the person's grey and white pixels shown as dark hair, for the hair model only: their brightness
 * turned over into dark hair's range (the strands' highlights become their shadows: still strands) and their colour
 * taken out. Elsewhere, and in the face's own colours, nothing changes.
 */
export function greyShownDark(photo: Photo, mask: PersonMask, skin: FaceSkin): Photo {
  const { width, height, rgb } = photo;
  const out = new Uint8Array(rgb);
  const sx = mask.width / width,
    sy = mask.height / height;
  for (let y = 0; y < height; y++) {
    const my = Math.min(mask.height - 1, Math.floor((y + 0.5) * sy));
    for (let x = 0; x < width; x++) {
      if (mask.data[my * mask.width + Math.min(mask.width - 1, Math.floor((x + 0.5) * sx))]! < PERSON) continue;
      const i = 3 * (y * width + x);
      const l = luma(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!);
      if (!greyLike(cbOf(rgb[i + 2]!, l), crOf(rgb[i]!, l), l, skin)) continue;
      const dark = Math.round(GREY_HAIR.darkFloor + GREY_HAIR.darkGain * (255 - l));
      out[i] = out[i + 1] = out[i + 2] = dark;
    }
  }
  return { width, height, rgb: out };
}
