/** The photo changes the score must shrug off: what phones, apps and a slightly different pose do to one photo. */
import sharp, { type Matrix3x3, type Sharp } from 'sharp';

export interface StabilityTransform {
  name: string;
  apply: (bytes: Uint8Array) => Promise<Buffer>;
}

export const reencode = (img: Sharp) => img.jpeg({ quality: 90 }).toBuffer();
export const rotate = (deg: number) => async (b: Uint8Array) => {
  const { width, height } = await sharp(b).metadata();
  // rotate, then crop back to the original frame so no wide empty corners enter the photo
  const turned = await sharp(b).rotate(deg, { background: '#808080' }).toBuffer({ resolveWithObject: true });
  const left = Math.max(0, Math.round((turned.info.width - width) / 2)),
    top = Math.max(0, Math.round((turned.info.height - height) / 2));
  return reencode(
    sharp(turned.data).extract({
      left,
      top,
      width: Math.min(width, turned.info.width),
      height: Math.min(height, turned.info.height),
    }),
  );
};

/** the photo at most `side` px on its long side (upright, as a phone shows it), re-encoded; a smaller one as it is */
export async function shrunk(bytes: Uint8Array, side: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  if (Math.max(width, height) <= side) return Buffer.from(bytes);
  return reencode(sharp(bytes).rotate().resize(side, side, { fit: 'inside' }));
}

/**
 * The same photo with darker, browner skin in poorer light: melanin takes blue most and red least, and the whole frame
 * falls to about 45 % of its light. A head's score should not follow its skin tone (a rough stand-in: the hair and the
 * backdrop darken too, which real darker skin does not bring).
 */
export const DARKER_SKIN: Matrix3x3 = [
  [0.55, 0, 0],
  [0, 0.45, 0],
  [0, 0, 0.38],
];
export const darker = (b: Uint8Array) => reencode(sharp(b).recomb(DARKER_SKIN));

export const STABILITY_TRANSFORMS: StabilityTransform[] = [
  {
    name: 'resize 50%',
    apply: async (b) => reencode(sharp(b).resize(Math.round((await sharp(b).metadata()).width / 2))),
  },
  { name: 'JPEG quality 70', apply: (b) => sharp(b).jpeg({ quality: 70 }).toBuffer() },
  { name: 'brightness +15%', apply: (b) => reencode(sharp(b).modulate({ brightness: 1.15 })) },
  { name: 'brightness -15%', apply: (b) => reencode(sharp(b).modulate({ brightness: 0.85 })) },
  { name: 'mirror', apply: (b) => reencode(sharp(b).flop()) },
  { name: 'darker, browner skin and light', apply: darker },
  { name: 'rotate +10°', apply: rotate(10) },
  { name: 'rotate -10°', apply: rotate(-10) },
];

/** the photo with `share` of its width and height cut off, evenly round the frame (a tighter framing of one photo) */
export const cropped = (share: number) => async (b: Uint8Array) => {
  const { width = 0, height = 0 } = await sharp(b).metadata();
  const dx = Math.round((width * share) / 2),
    dy = Math.round((height * share) / 2);
  return reencode(sharp(b).extract({ left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy }));
};
