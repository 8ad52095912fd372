/**
 * The capture conditions a retake can get wrong, each as a family of transforms of one photo by a growing amount:
 * rotation in the photo's plane (roll), zoom in and out (the face's size relative to the photo), brightness and the
 * photo's pixel size. fit-tolerances.ts sweeps each until the score moves.
 */
import sharp from 'sharp';
import type { CaptureCondition } from '#shared/schemas.ts';
import { reencode, rotate } from './transforms.ts';

export interface Sweep {
  /** the condition of shared/comparable.ts the sweep sets */
  condition: Exclude<CaptureCondition, 'pitch' | 'yaw'>;
  /** the nominal amounts, smallest first (degrees for roll, factors otherwise) */
  steps: number[];
  /** the two directions, e.g. rotate left and right, zoom in and out */
  directions: { name: string; apply: (bytes: Uint8Array, amount: number) => Promise<Buffer> }[];
}

const GREY = '#808080';

/** zoom in by `k`: the centre 1/k of the photo, back at the photo's size (the face grows k times) */
async function zoomIn(bytes: Uint8Array, k: number): Promise<Buffer> {
  const { width, height } = await sharp(bytes).metadata();
  const w = Math.round(width / k),
    h = Math.round(height / k);
  const crop = sharp(bytes).extract({
    left: Math.round((width - w) / 2),
    top: Math.round((height - h) / 2),
    width: w,
    height: h,
  });
  return reencode(sharp(await crop.toBuffer()).resize(width, height));
}

/** zoom out by `k`: the photo shrunk k times inside a grey frame of the photo's size (the face shrinks k times) */
async function zoomOut(bytes: Uint8Array, k: number): Promise<Buffer> {
  const { width, height } = await sharp(bytes).metadata();
  const w = Math.round(width / k),
    h = Math.round(height / k);
  const small = await sharp(bytes).resize(w, h).toBuffer();
  const left = Math.floor((width - w) / 2),
    top = Math.floor((height - h) / 2);
  return reencode(
    sharp(small).extend({ left, top, right: width - w - left, bottom: height - h - top, background: GREY }),
  );
}

export const SWEEPS: Sweep[] = [
  {
    condition: 'roll',
    steps: [2, 4, 6, 8, 10, 12, 15, 20, 25, 30],
    directions: [
      { name: 'rotate +', apply: (b, deg) => rotate(deg)(b) },
      { name: 'rotate -', apply: (b, deg) => rotate(-deg)(b) },
    ],
  },
  {
    condition: 'size',
    steps: [1.05, 1.1, 1.15, 1.2, 1.3, 1.4, 1.5, 1.75],
    directions: [
      { name: 'zoom in ×', apply: zoomIn },
      { name: 'zoom out ×', apply: zoomOut },
    ],
  },
  {
    condition: 'brightness',
    steps: [1.05, 1.1, 1.15, 1.2, 1.3, 1.4, 1.6],
    directions: [
      { name: 'brighter ×', apply: (b, k) => reencode(sharp(b).modulate({ brightness: k })) },
      { name: 'dimmer ÷', apply: (b, k) => reencode(sharp(b).modulate({ brightness: 1 / k })) },
    ],
  },
  {
    condition: 'resolution',
    steps: [1.5, 2, 3, 4],
    directions: [
      {
        name: 'smaller ÷',
        apply: async (b, k) => reencode(sharp(b).resize(Math.round((await sharp(b).metadata()).width / k))),
      },
    ],
  },
];
