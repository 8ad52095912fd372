/**
 * A face photo whose pixels lie on their side: a phone photo that lost its EXIF orientation, or a screenshot saved
 * turned. Read as it is, the face search finds the face lying across the frame (its mesh rolled by about a quarter
 * turn, its pitch unreliable) or only on a turned window of the tipped search, and the photo was measured as a head
 * seen from above: on 12 dev portraits turned by a quarter, the hairline age moved by up to 60 years. The photo is
 * turned upright when the face the search found lies more than MAX_FRONT_ROLL over and the general detector, run on
 * the copy turned back by those quarter turns, finds a face there from the front, upright and not tipped down. A head
 * bowed towards the camera is never turned by this: its turned copy holds no front face, and it stays a view from above.
 * A photo upside down is not caught: the detectors read an upside-down face as an upright one (docs/analysis.md).
 */
import { BOWED_PITCH, MAX_FRONT_ROLL } from '#shared/capture-rules.ts';
import { mainFace } from './faces/faces.ts';
import { quarterTurned } from './photo/photo.ts';
import { AnalysisRejectedError } from './errors.ts';
import type { DetectedFace, FaceDetector, RgbImage } from './types.ts';

/**
 * The clockwise quarter turns (1, 2 or 3) that set the photo's face upright, or 0 when it is upright already or no
 * turn gives a face from the front. `image` is the detectors' frame the face was found on.
 */
export async function uprightQuarterTurns(
  face: DetectedFace,
  image: RgbImage,
  detector: FaceDetector,
): Promise<number> {
  // the tipped search's roll is its window's turn plus the face's own lean: 260° is a face lying 100° anticlockwise
  const roll = (((((face.pose?.roll ?? 0) + 180) % 360) + 360) % 360) - 180;
  const lying = Math.abs(roll);
  if (lying <= MAX_FRONT_ROLL) return 0;
  // the mesh's roll is clockwise-positive in the image: a face lying a quarter clockwise is set up by a quarter back
  const quarters = lying > 135 ? 2 : roll > 0 ? 3 : 1;
  const turned = await quarterTurned(image, quarters);
  return frontFace(await detector.detect(turned).then(mainFaceOrNone)) ? quarters : 0;
}

/** several people on the turned copy are refused on the photo as it is measured, not here */
function mainFaceOrNone(faces: DetectedFace[]): DetectedFace | undefined {
  try {
    return mainFace(faces);
  } catch (err) {
    if (err instanceof AnalysisRejectedError) return undefined;
    throw err;
  }
}

function frontFace(face: DetectedFace | undefined): boolean {
  const pose = face?.pose;
  return !!pose && Math.abs(pose.roll) <= MAX_FRONT_ROLL && pose.pitch <= BOWED_PITCH;
}
