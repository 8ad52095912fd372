/**
 * The gallery's "before": the hair model's own mask, its 0.5 decision over the whole photo, drawn as the engine draws
 * its outline. Beside the engine's overlay it shows each failure mode and what the engine made of it: a rim along a
 * bald scalp's edge or brows the mask calls hair that no hairline is traced on, a bald or shaved top marked hair that
 * the texture gate leaves out of the coverage shown, coiled hair the mask misses.
 */
import {
  type AnalysisDeps,
  decodePhoto,
  type Drawing,
  HAIR_MASK_SIDE,
  hairProbabilityMap,
  type HairSegmentation,
  maskOutline,
  overlaySvg,
  type Photo,
  stretched,
  toJpeg,
} from '#lambdas/analysis/offline.ts';

/** the gallery's side for it: smaller than the engine's overlay, which it sits beside */
const SIDE = 320;

export interface HairModelView {
  photo: Photo;
  mask: HairSegmentation;
  drawing: Drawing;
}

/** the photo as the engine decodes it, the engine's whole-photo pass (512 px, the same input), and its outline */
export async function hairModelView(
  bytes: Uint8Array,
  deps: Pick<AnalysisDeps, 'hairSegmenter'>,
): Promise<HairModelView> {
  const photo = await decodePhoto(bytes);
  const mask = await deps.hairSegmenter.segment(await stretched(photo, HAIR_MASK_SIDE));
  return {
    photo,
    mask,
    drawing: { zones: [], hairline: [], markers: [], hairOutline: maskOutline(hairProbabilityMap(mask)) },
  };
}

/** the mask's outline alone on the photo, as a JPEG */
export async function hairModelOverlay(
  bytes: Uint8Array,
  deps: Pick<AnalysisDeps, 'hairSegmenter'>,
): Promise<Uint8Array> {
  const { photo, drawing } = await hairModelView(bytes, deps);
  return toJpeg(photo, SIDE, 75, (width, height) => overlaySvg(drawing, width, height));
}
