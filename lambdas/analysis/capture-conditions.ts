/**
 * How a photo was taken, from what the engine already read: the face's pose and landmarks (face views) or the head's
 * ellipse (top view), the quality reading's mean luma, and the decoded photo's size. Stored with the rating so a later
 * rating can be compared with it (shared/comparable.ts) and the camera can draw its outline for a retake.
 */
import type { CaptureConditions, PhotoView } from '#shared/schemas.ts';
import type { QualityReading } from '#shared/photo-quality.ts';
import type { HeadEllipse } from './above/features.ts';
import type { DetectedFace, Point } from './types.ts';

export interface ConditionInputs {
  view: PhotoView;
  /** the main face, in pixels of `frame` (the detector's input) */
  face?: DetectedFace;
  frame: { width: number; height: number };
  /** the head's ellipse in fractions of the photo, when the top view placed one */
  head?: HeadEllipse;
  quality: QualityReading;
  photo: { width: number; height: number };
}

const r = (n: number, places = 4) => Math.round(n * 10 ** places) / 10 ** places;
const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

export function captureConditionsOf({ view, face, frame, head, quality, photo }: ConditionInputs): CaptureConditions {
  const long = Math.max(frame.width, frame.height);
  const frac = (p: Point) => ({ x: r(p.x / frame.width), y: r(p.y / frame.height) });
  const { browLeft, browRight, noseBase, cheekLeft, cheekRight, chin } = face?.landmarks ?? {};
  const brows = browLeft && browRight ? mid(browLeft, browRight) : undefined;
  const unit = brows && noseBase ? Math.hypot(brows.x - noseBase.x, brows.y - noseBase.y) : undefined;
  const photoLong = Math.max(photo.width, photo.height);
  const faceOval = face ? faceEllipse(face, frame, { brows, unit, cheekLeft, cheekRight, chin }) : undefined;
  const headSize = head ? (head.rx * photo.width + head.ry * photo.height) / photoLong : undefined;
  return {
    view,
    pitch: face?.pose ? r(face.pose.pitch, 1) : null,
    yaw: face?.pose ? r(face.pose.yaw, 1) : null,
    roll: face?.pose ? r(face.pose.roll, 1) : null,
    size: unit !== undefined ? r(unit / long) : headSize !== undefined ? r(headSize) : null,
    brightness: r(quality.meanLuma, 1),
    width: photo.width,
    height: photo.height,
    outline: {
      ...(head ? { head: ellipse(head) } : face ? { head: headAbove(faceOval!) } : {}),
      ...(faceOval ? { face: faceOval } : {}),
      ...(browLeft && browRight && noseBase ? { features: [browLeft, browRight, noseBase].map(frac) } : {}),
    },
  };
}

/** the whole head around a face's oval: a little wider, reaching about as far again above the forehead */
const headAbove = (f: HeadEllipse): HeadEllipse => {
  const top = f.cy - 1.6 * f.ry,
    bottom = f.cy + f.ry;
  return ellipse({ cx: f.cx, cy: (top + bottom) / 2, rx: 1.15 * f.rx, ry: (bottom - top) / 2 });
};

const ellipse = (e: HeadEllipse) => ({ cx: r(e.cx), cy: r(e.cy), rx: r(e.rx), ry: r(e.ry) });

/**
 * The face's oval in fractions of the frame: across the cheeks, from the chin to about a face unit above the brows (a
 * typical forehead), or the detector's box without the mesh.
 */
function faceEllipse(
  face: DetectedFace,
  frame: { width: number; height: number },
  m: { brows?: Point; unit?: number; cheekLeft?: Point; cheekRight?: Point; chin?: Point },
) {
  if (m.brows && m.unit && m.cheekLeft && m.cheekRight && m.chin) {
    const top = m.brows.y - m.unit;
    return ellipse({
      cx: (m.cheekLeft.x + m.cheekRight.x) / 2 / frame.width,
      cy: (top + m.chin.y) / 2 / frame.height,
      rx: Math.abs(m.cheekRight.x - m.cheekLeft.x) / 2 / frame.width,
      ry: Math.abs(m.chin.y - top) / 2 / frame.height,
    });
  }
  const { x, y, width, height } = face.box;
  return ellipse({
    cx: (x + width / 2) / frame.width,
    cy: (y + height / 2) / frame.height,
    rx: width / 2 / frame.width,
    ry: height / 2 / frame.height,
  });
}
