/**
 * The camera's live guidance as one pure function: what the browser measured on a frame → the first rule it
 * breaks → one instruction. The thresholds are the server's own (shared/capture-rules.ts), so a frame that passes
 * is one the engine would not refuse for anything the browser can measure.
 */
import {
  COMPARABLE_FACE_AREA,
  MAX_CLIPPED_SHARE,
  MAX_CORRECTED_PITCH,
  MAX_FRONT_ROLL,
  MAX_HEAD_BACK_PITCH,
  MAX_YAW,
  MIN_BRIGHT_LUMA,
  MIN_COLOUR_SPREAD,
  MIN_DETAIL,
  MIN_FACE_CONFIDENCE,
  MIN_FACE_UNIT,
  MIN_FOREHEAD_SKIN_SHARE,
  NO_HEAD,
  TIPPED_PITCH,
} from '#shared/capture-rules.ts';

/** the crown mode's line under the preview (here, in the lazy camera chunk, not in photo-tips.ts of the home page) */
export const CROWN_GUIDE_HINT = 'Fill the frame with the top of your head, in even light';

/** `face`: the hairline, from the front or with the head tipped down; `crown`: the top of the head, no face. */
export type CaptureMode = 'face' | 'crown';

export interface FaceReading {
  /** the detector's score, 0..1 */
  confidence: number;
  /** box area as a share of the frame */
  area: number;
  /** degrees; pitch > 0 is tipped down */
  yaw: number;
  pitch: number;
  /** in-plane tilt, degrees; read only by the guided retake */
  roll?: number;
  /** the middle facial third as a share of the frame's long side, or null without the mesh */
  faceUnit: number | null;
  /** share of skin-like pixels just above the brows, or null where it cannot tell */
  foreheadSkin: number | null;
  /**
   * how far the colours around the face spread (shared/photo-quality.ts faceColourSpread): a black-and-white camera,
   * such as an infrared one, reads none
   */
  colourSpread: number;
}

export interface FrameReading {
  /** the server's quality reading (quality.ts): 95th-percentile luma, share clipped to white, 99th-percentile detail */
  brightLuma: number;
  clippedShare: number;
  detail: number;
  faces: FaceReading[];
  /** the server's no-head reading (engine.ts), used when no face is expected */
  neighbourDiff: number;
  skinShare: number;
  lumaSd: number;
}

export type RuleId =
  | 'no_face'
  | 'face_hidden'
  | 'several_people'
  | 'too_dark'
  | 'overexposed'
  | 'no_colour'
  | 'too_small'
  | 'turned'
  | 'too_far_down'
  | 'head_back'
  | 'forehead_covered'
  | 'face_in_crown'
  | 'no_head'
  | 'blurred'
  | 'ready';

export const INSTRUCTIONS: Record<RuleId, string> = {
  no_face: 'Fit your face in the oval',
  face_hidden: 'Lift your head until your eyes show, or switch to Crown',
  several_people: 'Only you in the frame, please',
  too_dark: 'More light',
  overexposed: 'Less light: turn away from bright light',
  no_colour: 'Switch to a colour camera',
  too_small: 'Move closer',
  turned: 'Face the camera',
  too_far_down: 'Lift your head a little',
  head_back: 'Tilt your head down a little to show your hairline',
  forehead_covered: 'Push your hair off your forehead',
  face_in_crown: 'Point the camera at the top of your head',
  no_head: 'Fill the frame with the top of your head',
  blurred: 'Hold still',
  ready: 'Looks good: hold still',
};

const area = (f: FaceReading) => f.area;

/** The first rule the frame breaks, or `ready`. */
export function firstFailingRule(frame: FrameReading, mode: CaptureMode): RuleId {
  const faces = frame.faces.filter((f) => f.confidence >= MIN_FACE_CONFIDENCE).sort((a, b) => area(b) - area(a));
  const main = faces[0];
  // a head without a face the detector or the tipped-face search finds (both run here, tipped-schedule.ts): bowed so far
  // that the eyes are out of the frame, which that search needs; only the server's top view reads such a photo
  if (mode === 'face' && !main) return looksLikeHead(frame) ? 'face_hidden' : 'no_face';
  if (main && faces.slice(1).some((f) => area(f) >= COMPARABLE_FACE_AREA * area(main))) return 'several_people';
  if (frame.brightLuma < MIN_BRIGHT_LUMA) return 'too_dark';
  if (frame.clippedShare > MAX_CLIPPED_SHARE) return 'overexposed';
  if (main && main.colourSpread < MIN_COLOUR_SPREAD) return 'no_colour';
  if (mode === 'crown') {
    if (main) return 'face_in_crown';
    if (!looksLikeHead(frame)) return 'no_head';
  } else if (main) {
    const rule = faceRule(main);
    if (rule) return rule;
  }
  if (frame.detail < MIN_DETAIL) return 'blurred';
  return 'ready';
}

/** the server's no-head check (engine.ts rejectIfNoHead) passed: the frame holds a head, not a wall or a blur */
function looksLikeHead(frame: FrameReading): boolean {
  return (
    frame.neighbourDiff <= NO_HEAD.maxNeighbourDiff &&
    frame.lumaSd >= NO_HEAD.minLumaSd &&
    frame.skinShare >= NO_HEAD.minSkinShare
  );
}

function faceRule(face: FaceReading): RuleId | undefined {
  // the server checks the turn before the size (engine.ts viewOf); the size comes first here, as a small face's pose
  // is the least reliable reading
  if (face.faceUnit !== null && face.faceUnit < MIN_FACE_UNIT) return 'too_small';
  if (Math.abs(face.yaw) > MAX_YAW) return 'turned';
  if (face.pitch > MAX_CORRECTED_PITCH) return 'too_far_down';
  if (face.pitch < -MAX_HEAD_BACK_PITCH) return 'head_back';
  // a head tipped down (or a head from above read as a face rolled far over) with a hidden forehead is read from above,
  // not refused: only an upright front face is checked
  if (
    face.pitch <= TIPPED_PITCH &&
    Math.abs(face.roll ?? 0) <= MAX_FRONT_ROLL &&
    face.foreheadSkin !== null &&
    face.foreheadSkin < MIN_FOREHEAD_SKIN_SHARE
  ) {
    return 'forehead_covered';
  }
  return undefined;
}

export function captureInstruction(frame: FrameReading, mode: CaptureMode): { rule: RuleId; text: string } {
  const rule = firstFailingRule(frame, mode);
  return { rule, text: INSTRUCTIONS[rule] };
}
