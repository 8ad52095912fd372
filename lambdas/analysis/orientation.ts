/**
 * A face photo whose pixels lie on their side: a phone photo that lost its EXIF orientation, or a screenshot saved
 * turned. Read as it is, the face search finds the face lying across the frame (its mesh rolled by about a quarter
 * turn, its pitch unreliable) or only on a turned window of the tipped search, and the photo was measured as a head
 * seen from above: on 140 dev portraits turned by a quarter, 205 of 280 copies moved the hairline age more than 5
 * years. When the face the search found lies more than MAX_FRONT_ROLL over, the general detector runs on the copy
 * turned back by the quarter turns its roll points to, and on the copy turned the other way when it lies across: the
 * roll is read half a turn off now and then (the detectors read an upside-down face as an upright one), so the other
 * copy is taken when the detector is clearly surer of its face (ORIENTATION_MARGIN). The photo is turned upright only
 * when the copy taken shows a face from the front, upright and not tipped down. A head bowed towards the camera is
 * never turned by this: its upright copy holds no face from the front, and it stays a view from above. A photo upside
 * down is not caught (docs/analysis.md).
 */
import { BOWED_PITCH, MAX_FRONT_ROLL } from '#shared/capture-rules.ts';
import { mainFace } from './faces/faces.ts';
import { quarterTurned } from './photo/photo.ts';
import { AnalysisRejectedError } from './errors.ts';
import { ORIENTATION_MARGIN } from './analysis-config.ts';
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
  // the mesh's roll is clockwise-positive: a face lying a quarter clockwise is set up by three quarters clockwise
  const pointed = lying > 135 ? 2 : roll > 0 ? 3 : 1;
  const asPointed = await faceTurned(image, pointed, detector);
  const other = pointed === 2 ? undefined : await faceTurned(image, 4 - pointed, detector);
  const otherSurer = !!other && (!asPointed || sureness(other) - sureness(asPointed) > ORIENTATION_MARGIN);
  const [quarters, upright] = otherSurer ? [4 - pointed, other] : [pointed, asPointed];
  return upright && frontFace(upright) ? quarters : 0;
}

async function faceTurned(
  image: RgbImage,
  quarters: number,
  detector: FaceDetector,
): Promise<DetectedFace | undefined> {
  return mainFaceOrNone(await detector.detect(await quarterTurned(image, quarters)));
}

/** the general detector's face and box scores summed: each alone reads 1.00 for many faces upright and upside down */
const sureness = (face: DetectedFace) => face.confidence + (face.boxConfidence ?? 0);

/** several people on the turned copy are refused on the photo as it is measured, not here */
function mainFaceOrNone(faces: DetectedFace[]): DetectedFace | undefined {
  try {
    return mainFace(faces);
  } catch (err) {
    if (err instanceof AnalysisRejectedError) return undefined;
    throw err;
  }
}

function frontFace(face: DetectedFace): boolean {
  const pose = face.pose;
  return !!pose && Math.abs(pose.roll) <= MAX_FRONT_ROLL && pose.pitch <= BOWED_PITCH;
}
