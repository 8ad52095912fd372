/**
 * The hair mask at the head's own scale. The hair model sees the whole photo stretched to 512 px, and reads a head well
 * only near the scale of a selfie. A head small in a large photo (a portrait taken from a few metres) reaches it at a
 * scale the model rarely saw, and it then calls the stubble of a shaved head hair (the dev portrait eb15d060dc27: 0.91
 * of the frontal band "hair"); a head filling the frame (a close-up) loses the context around it, and the model then
 * calls a bare, wrinkled scalp and forehead hair (the bowed-selfie set's s4-4abec4efe6c1: a bald man with white hair at
 * the sides read as a full head of hair, 84). Then a second pass on a square around the head, brought to the model's
 * size, reads it at a selfie's scale (for a close-up the square reaches past the photo, which is padded grey), and
 * inside that square a pixel is hair only if both passes say so. A small head in a photo without the detail (a small,
 * low-resolution one) keeps the whole photo's map: enlarging blur helps nothing (the dev portraits shrunk to 250 px,
 * cropped so: ρ −0.866 → −0.847; docs/benchmarks-log.md "Hairline analysis v4.6"). Such a photo's map is made at a
 * smaller side, though (analysis-config.ts SMALL_PHOTO_HAIR): stretched to 512 px, its blur reads as hair on a bald
 * top. The score of a front photo reads the encoder of the same square's pass (head-encoder.ts), so every front photo
 * has it made (headPass); the mask reads it only where headCrop says.
 */
import sharp from 'sharp';
import { toImage, type FaceAxes } from '../faces/face-grid.ts';
import type { ProbabilityMap } from '../types.ts';
import { HAIR_MASK_SIDE, hairProbabilityMap, type HairSegmentation, type HairSegmenter } from '../hair-mask/index.ts';
import type { Photo } from '../photo/photo.ts';
import { SMALL_PHOTO_HAIR } from '../analysis-config.ts';
import type { FaceView } from './face-view.ts';

/** the square's side and its centre above the brow line, in face units: the whole head with the hair around it */
const CROP_SPAN = 5.6,
  CROP_CENTRE_UP = 1.2;
/**
 * The second pass is made when it shows the head to the model at least this many times larger, counting only the
 * detail the photo has. On the dev portraits 6 of 141 qualify (face units of 55-61 px in the whole photo's 512 px
 * pass); of these only the shaved eb15d060dc27 reads differently (out-of-fold stage 2.7 → 4.5); portraits ρ 0.883 →
 * 0.887, AUC level 1 vs 2 0.851 → 0.851 (grouped CV of the front model, docs/benchmarks-log.md "Hairline analysis
 * v4.6").
 */
const MIN_ZOOM = 1.5;
/**
 * On a front photo the pass is made too when the whole photo's pass shows the head larger than the square would by
 * more than 1 / this: a close-up. 27 of the 159 dev face photos are (most of them bowed selfies); of the front ones the
 * bald s4-4abec4efe6c1 reads differently (frontal band 0.99 → 0.21 hair, held out 84 → 33), the rest alike (portraits
 * ρ −0.885 → −0.882, AUC level 1 vs 2 0.842 → 0.838: the refit's noise; 0.8 took in 81 photos for the same figures).
 * Not on a head tipped down, for which a close-up is the usual framing: at the square's scale the model dropped the
 * thin hair of a stage-4 head running off the photo's edge (s4-d17c7853e0a4: forehead 0.71 → 1.52 face units), and the
 * bowed view's score reads the encoder, not the mask (docs/benchmarks-log.md "Hairline analysis v4.7").
 */
const MAX_HEAD_SCALE = 0.7;
/** what the square shows beyond the photo's edge: a plain mid grey, which the model reads as neither hair nor head */
const PAD = { r: 128, g: 128, b: 128 };
/** the composed map's pixels per pixel of the working frame: the crop's detail is kept where the face grid samples it */
const COMPOSED_SCALE = 2;

/** a square of the photo, in photo pixels; it may reach past the photo's edges */
export interface Square {
  left: number;
  top: number;
  side: number;
}

/** The hair model's pass on the square around the head (headSquare), at the model's own side. */
export interface HeadPass {
  square: Square;
  hair: HairSegmentation;
}

/**
 * The square around the head in photo pixels: CROP_SPAN face units wide, centred CROP_CENTRE_UP above the brow line. It
 * holds the brows, which lie in the photo, so it always overlaps the photo.
 */
export function headSquare(
  photo: { width: number; height: number },
  work: { width: number; height: number },
  axes: FaceAxes,
): Square {
  const scale = photo.width / work.width;
  const centre = toImage(axes, 0, CROP_CENTRE_UP);
  const side = Math.round(CROP_SPAN * axes.unit * scale);
  return { left: Math.round(centre.x * scale - side / 2), top: Math.round(centre.y * scale - side / 2), side };
}

/**
 * The head's square, when the mask is to be read there too: a pass on it would enlarge the head MIN_ZOOM times or more,
 * or (a front photo) shrink it below MAX_HEAD_SCALE.
 */
export function headCrop(
  photo: { width: number; height: number },
  work: { width: number; height: number },
  axes: FaceAxes,
  view: FaceView,
): Square | undefined {
  const unitInPhoto = axes.unit * (photo.width / work.width);
  const unitInWholePass = (unitInPhoto * HAIR_MASK_SIDE) / Math.sqrt(photo.width * photo.height);
  const headScale = HAIR_MASK_SIDE / CROP_SPAN / unitInWholePass;
  const zoom = Math.min(headScale, unitInPhoto / unitInWholePass);
  const closeUp = view === 'front' && headScale < MAX_HEAD_SCALE;
  return zoom >= MIN_ZOOM || closeUp ? headSquare(photo, work, axes) : undefined;
}

/** the hair model's pass on the head's square */
export async function headPass(
  photo: Photo,
  work: { width: number; height: number },
  axes: FaceAxes,
  segmenter: HairSegmenter,
): Promise<HeadPass> {
  const square = headSquare(photo, work, axes);
  return { square, hair: await segmenter.segment(await cropped(photo, square)) };
}

/** A face photo's head as the hair passes read it: the photo, its working frame, the face's axes in that frame, the view. */
export interface HeadInPhoto {
  photo: Photo;
  work: { width: number; height: number };
  axes: FaceAxes;
  view: FaceView;
}

/** The hair model's reads hairAtHeadScale starts from: the whole photo's map, and the head's pass when already made. */
export interface HairPasses {
  whole: ProbabilityMap;
  segmenter: HairSegmenter;
  pass?: HeadPass;
}

/**
 * The hair probability over the photo: the whole photo's map (a small photo's made again at its own scale), with a
 * head-scale pass inside the head's square when headCrop asks for one (`pass`, when already made, is that pass).
 */
export async function hairAtHeadScale(
  { photo, work, axes, view }: HeadInPhoto,
  { whole, segmenter, pass }: HairPasses,
): Promise<ProbabilityMap> {
  const side = smallPhotoPassSide(photo);
  const base = side ? hairProbabilityMap(await segmenter.segment(photo, side)) : whole;
  const crop = headCrop(photo, work, axes, view);
  if (!crop) return base;
  const near = pass?.hair ?? (await segmenter.segment(await cropped(photo, crop)));
  return composed(photo, work, crop, base, hairProbabilityMap(near));
}

/** the side of the whole-photo pass a face photo this small is read from, when the 512 px pass would enlarge it too much */
export function smallPhotoPassSide(photo: { width: number; height: number }): number | undefined {
  const enlargement = HAIR_MASK_SIDE / Math.sqrt(photo.width * photo.height);
  return enlargement > SMALL_PHOTO_HAIR.maxEnlargement ? SMALL_PHOTO_HAIR.side : undefined;
}

/** the square cut from the photo (padded where it runs off the photo), at the model's side */
async function cropped(
  photo: Photo,
  { left, top, side }: Square,
): Promise<{ rgb: Uint8Array; width: number; height: number }> {
  const l0 = Math.max(0, left),
    t0 = Math.max(0, top),
    r0 = Math.min(photo.width, left + side),
    b0 = Math.min(photo.height, top + side);
  const square = await sharp(photo.rgb, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .extract({ left: l0, top: t0, width: r0 - l0, height: b0 - t0 })
    .extend({ left: l0 - left, top: t0 - top, right: left + side - r0, bottom: top + side - b0, background: PAD })
    .raw()
    .toBuffer();
  const rgb = await sharp(square, { raw: { width: side, height: side, channels: 3 } })
    .resize(HAIR_MASK_SIDE, HAIR_MASK_SIDE, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { rgb: new Uint8Array(rgb), width: HAIR_MASK_SIDE, height: HAIR_MASK_SIDE };
}

/**
 * One map over the photo at COMPOSED_SCALE × the working frame. Inside the square the near pass can only take hair away
 * (the lesser of the two probabilities): the stubble or skin the whole photo's pass called hair is what it corrects,
 * while its own marks on the backdrop behind the head (the columns of a building) are not hair either.
 */
export function composed(
  photo: { width: number; height: number },
  work: { width: number; height: number },
  crop: Square,
  whole: ProbabilityMap,
  near: ProbabilityMap,
): ProbabilityMap {
  const width = work.width * COMPOSED_SCALE,
    height = work.height * COMPOSED_SCALE;
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const py = ((y + 0.5) / height) * photo.height;
    const v = (py - crop.top) / crop.side;
    for (let x = 0; x < width; x++) {
      const px = ((x + 0.5) / width) * photo.width;
      const u = (px - crop.left) / crop.side;
      const far =
        whole.data[
          Math.floor((py / photo.height) * whole.height) * whole.width + Math.floor((px / photo.width) * whole.width)
        ]!;
      data[y * width + x] =
        u >= 0 && u < 1 && v >= 0 && v < 1
          ? Math.min(far, near.data[Math.floor(v * near.height) * near.width + Math.floor(u * near.width)]!)
          : far;
    }
  }
  return { data, width, height };
}
