/**
 * The face descriptor for "is this the same person as last time" (shared/face-identity.ts compares two): faceres's
 * pooled features, the layer its age head reads, from the run the local age check makes anyway (one run per face: the
 * reads are shared). Read only when the engine is asked (the user opted in to progress tracking), and only for a face
 * seen from the front: the threshold was measured on front portraits (scripts/analysis/eval-face-identity.ts), a bowed head's face
 * is foreshortened and partly out of the frame.
 * Biometric data: never logged; the domain stores it with the rating and deletes it with it.
 */
import type { FaceresReading } from './face-age.ts';
import type { DetectedFace, FaceCrop, FaceDescriber } from '../types.ts';

/** faceres on one crop: its age, and with `describe` its descriptor (faces/face-age.ts, here or on a model thread) */
export type ReadFaceres = (crop: FaceCrop, opts: { describe: boolean }) => Promise<FaceresReading>;

/**
 * One faceres run per face crop for both its readers (the age check and the descriptor): a run that read the descriptor
 * answers a later age read too; the engine asks for the descriptor first (engine.ts), so one run answers both.
 */
export function sharedFaceresReads(read: ReadFaceres): ReadFaceres {
  const runs = new WeakMap<FaceCrop, { describe: boolean; reading: Promise<FaceresReading> }>();
  return (crop, { describe }) => {
    const run = runs.get(crop);
    if (run && (run.describe || !describe)) return run.reading;
    const reading = read(crop, { describe });
    runs.set(crop, { describe, reading });
    return reading;
  };
}

/** The descriptor of a face the detector cut out (a face found without its crop has none). */
export function createFaceDescriber(read: ReadFaceres): FaceDescriber {
  return {
    async describe(face: DetectedFace) {
      return face.crop ? (await read(face.crop, { describe: true })).descriptor : undefined;
    },
  };
}
