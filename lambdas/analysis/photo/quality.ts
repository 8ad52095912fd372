/**
 * Photo checks that apply to every view, on the whole photo at the front path's working size: too dark, washed out,
 * blurred; and, once a face is found, black and white (read around the face). Each threshold lies beyond every labelled dev photo (darkest:
 * 95th-percentile luma 133; softest: 99th-percentile Laplacian 7.0; the same photos darker and browner, 5.3 read at the
 * photo's light; least colourful face photo: colour spread 12.3), so only photos clearly worse than any of them are refused.
 */
import { MAX_CLIPPED_SHARE, MIN_BRIGHT_LUMA, MIN_COLOUR_SPREAD, MIN_DETAIL } from '#shared/capture-rules.ts';
import { faceColourSpread, readQuality as readPixelQuality, type QualityReading } from '#shared/photo-quality.ts';
import { AnalysisRejectedError } from '../errors.ts';
import type { FaceBox, RgbImage } from '../types.ts';

// the thresholds and the reading live in shared/: the camera's live guidance checks the same ones

export type { QualityReading };

/** the quality reading of the whole photo at the front path's working size */
export function readQuality({ rgb, width, height }: RgbImage): QualityReading {
  return readPixelQuality({ data: rgb, width, height, channels: 3 });
}

/** the light: too dark, washed out (checked before the face search, which a dark photo would only fail) */
export function rejectPoorLight(q: QualityReading): void {
  if (q.brightLuma < MIN_BRIGHT_LUMA) throw new AnalysisRejectedError('too_dark');
  if (q.clippedShare > MAX_CLIPPED_SHARE) throw new AnalysisRejectedError('overexposed');
}

/**
 * Too little detail. The engine checks it after the face's size and pose (as the camera's guidance does: "Hold still"
 * is its last rule): a sharp photo with a small face in a plain room has few strong edges in the whole frame, and
 * "move closer" is what helps there, not "hold the camera steady".
 */
export function rejectBlur(q: QualityReading): void {
  if (q.detail < MIN_DETAIL) throw new AnalysisRejectedError('blurred');
}

/** every quality check, in the guidance's order (light, then detail) */
export function rejectPoorQuality(q: QualityReading): void {
  rejectPoorLight(q);
  rejectBlur(q);
}

/**
 * A face in black and white or toned: bare skin would be read as hair (MIN_COLOUR_SPREAD). Read around the face, on the
 * image the detector found it on (the camera's guidance reads its frame at that size).
 */
export function rejectIfNoColour({ rgb, width, height }: RgbImage, face: FaceBox): void {
  if (faceColourSpread({ data: rgb, width, height, channels: 3 }, face) < MIN_COLOUR_SPREAD) {
    throw new AnalysisRejectedError('no_colour');
  }
}
