/**
 * The tipped-face search's last check, on the photo's own pixels (RGB on the server, a canvas's RGBA in the camera):
 * the mesh lies on a face that is really in the photo.
 */
import { luma, type Pixels } from './photo-quality.ts';
import { windowToImage, type Point, type Window } from './tipped-face-geometry.ts';

/** eye corners (outer, inner) of each eye, and skin beside them: the forehead above the nose and each upper cheek */
const EYES = [
  [33, 133],
  [263, 362],
] as const;
const SKIN_POINTS = [151, 117, 346];
/** an eye darker than the skin beside it by this share: the mesh is on a face, not on a skull or a patch of hair */
const EYE_CONTRAST = 0.9;

/**
 * Both eyes inside the frame (a face tipped down so far that its eyes are out of the frame is not a face view), and each
 * eye darker than the skin beside it (lids, lashes and the eye's shadow), which a mesh laid over a bald scalp or a patch
 * of hair does not show. `points` are the mesh's, in pixels of `crop`.
 */
export function eyesSeen(photo: Pixels, points: Point[], crop: Window): boolean {
  const { data, width, height, channels } = photo;
  const at = (j: number) => windowToImage(crop, points[j]!.x, points[j]!.y);
  const eyeWidth = Math.hypot(at(33).x - at(133).x, at(33).y - at(133).y);
  const radius = Math.max(1, eyeWidth / 4);
  const lumaAround = (p: Point): number | undefined => {
    let sum = 0,
      n = 0;
    for (let y = Math.floor(p.y - radius); y <= Math.ceil(p.y + radius); y++) {
      for (let x = Math.floor(p.x - radius); x <= Math.ceil(p.x + radius); x++) {
        if (x < 0 || y < 0 || x >= width || y >= height || (x - p.x) ** 2 + (y - p.y) ** 2 > radius * radius) continue;
        const i = channels * (y * width + x);
        sum += luma(data[i]!, data[i + 1]!, data[i + 2]!);
        n++;
      }
    }
    return n ? sum / n : undefined;
  };
  const inside = (p: Point) => p.x >= 0 && p.y >= 0 && p.x < width && p.y < height;
  const skin = SKIN_POINTS.map((j) => lumaAround(at(j))).filter((v): v is number => v !== undefined);
  if (skin.length === 0) return false;
  const skinLuma = skin.reduce((a, b) => a + b, 0) / skin.length;
  return EYES.every(([outer, inner]) => {
    const centre = { x: (at(outer).x + at(inner).x) / 2, y: (at(outer).y + at(inner).y) / 2 };
    const eye = lumaAround(centre);
    return inside(centre) && eye !== undefined && eye < EYE_CONTRAST * skinLuma;
  });
}
