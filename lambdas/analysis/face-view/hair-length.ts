/**
 * How far the hair falls beside the face, in face units below the brow line (the chin is about 2.2 below it, the
 * shoulders 3.5-4): the hairstyle suggestions keep to the length a person has (score/hairstyles.ts). Short hair ends by
 * the ears; hair that hangs past the chin is long. Read on the hair model's mask beside the face (not on it: a beard is
 * not length), down from the brow line for as long as the hair runs on, on whichever side it runs further.
 */
import { HAIR_LENGTH, HAIR_PROBABILITY } from '../analysis-config.ts';
import { toImage, type FaceAxes } from '../faces/face-grid.ts';
import type { ProbabilityMap } from '../types.ts';

export function hairLengthBelowBrows(
  hair: ProbabilityMap,
  axes: FaceAxes,
  frame: { width: number; height: number },
): number {
  return Math.max(...([-1, 1] as const).map((side) => lengthOnSide(hair, axes, frame, side)));
}

function lengthOnSide(
  hair: ProbabilityMap,
  axes: FaceAxes,
  frame: { width: number; height: number },
  side: -1 | 1,
): number {
  const { from, to, step, maxGap, maxBelow } = HAIR_LENGTH;
  const hx = hair.width / frame.width,
    hy = hair.height / frame.height;
  let lowest = 0,
    gap = 0;
  for (let below = 0; below <= maxBelow; below += step) {
    let inFrame = false,
      isHair = false;
    for (let out = from; out <= to + 1e-9; out += step) {
      const p = toImage(axes, side * (axes.halfWidth + out), -below);
      if (p.x < 0 || p.y < 0 || p.x >= frame.width || p.y >= frame.height) continue;
      inFrame = true;
      const v = hair.data[Math.floor(p.y * hy) * hair.width + Math.floor(p.x * hx)]!;
      if (v >= HAIR_PROBABILITY) {
        isHair = true;
        break;
      }
    }
    // the photo ends beside the face: the hair may run on, but no further than seen
    if (!inFrame) break;
    if (isHair) {
      lowest = below;
      gap = 0;
    } else if ((gap += step) > maxGap) break;
  }
  return lowest;
}
