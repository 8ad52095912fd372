/**
 * A head tipped down towards the camera, seen in face units as if from the front. Tipped by p degrees, the face's middle
 * third (brow line to the base of the nose, the face unit) turns away from the camera and looks shorter by cos p, while
 * the forehead, which leans back from the vertical by about FOREHEAD_SLOPE between the brows and the hairline, turns
 * towards it: its length on the photo goes from cos α to cos(α − p) of its true length. So, against the measured middle
 * third, one face unit spans 1 / cos p of it across the face and cos(α − p) / (cos α · cos p) of it up the forehead.
 */

import { MAX_CORRECTED_PITCH } from '#shared/capture-rules.ts';

/** How far the adult forehead leans back from the vertical between the brows and the hairline, in degrees (profile). */
export const FOREHEAD_SLOPE = 25;
/** Pitch estimates beyond this are not trusted further: the face is then seen almost edge-on (capture-rules.ts). */
export { MAX_CORRECTED_PITCH };

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Pixels per face unit across, below and above the brow line, in measured middle thirds, for a head tipped down by `pitch`. */
export function pitchScales(pitch: number): { across: number; below: number; above: number } {
  const p = rad(Math.min(MAX_CORRECTED_PITCH, Math.max(0, pitch)));
  const a = rad(FOREHEAD_SLOPE);
  return { across: 1 / Math.cos(p), below: 1, above: Math.cos(a - p) / (Math.cos(a) * Math.cos(p)) };
}
