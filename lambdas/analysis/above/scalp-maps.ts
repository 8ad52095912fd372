/**
 * The photo's pixel maps at the two texture scales, made once per photo: the top view's measurements and the score's
 * scalp texture (above-features.ts) read the same maps, and each resize and map costs milliseconds.
 */
import { FINE_SIDE, WORK_SIDE } from './features.ts';
import { resized, type Photo } from '../photo/photo.ts';
import { toPixelMaps, type PixelMaps } from '../photo/pixels.ts';

export interface ScalpMaps {
  maps: PixelMaps;
  fine: PixelMaps;
}

const made = new WeakMap<Photo, Promise<ScalpMaps>>();

export function scalpMaps(photo: Photo): Promise<ScalpMaps> {
  let maps = made.get(photo);
  if (!maps) {
    maps = Promise.all([resized(photo, WORK_SIDE).then(toPixelMaps), resized(photo, FINE_SIDE).then(toPixelMaps)]).then(
      ([work, fine]) => ({ maps: work, fine }),
    );
    made.set(photo, maps);
  }
  return maps;
}
