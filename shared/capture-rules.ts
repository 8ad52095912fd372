/**
 * The photo checks the analysis refuses on, as numbers both sides read: the engine (lambdas/analysis) refuses a photo
 * past them, and the camera's live guidance (web/src/features/analyze) holds the shutter until a frame is inside them.
 * One module, so the guidance can never pass a frame the server would refuse for a reason the browser can measure.
 */

/** The quality checks run on the photo resized to this long side (the engine's working size of the face views). */
export const QUALITY_SIDE = 512;
/** The face detector and the no-head check run on the photo resized to this long side. */
export const DETECT_SIDE = 384;

/** the brightest 5% of the photo darker than this: nothing in it is lit */
export const MIN_BRIGHT_LUMA = 50;
/** this share of the photo clipped to white: skin and scalp cannot be told apart */
export const MAX_CLIPPED_SHARE = 0.5;
export const CLIPPED_LUMA = 250;
/** the strongest 1% of fine detail (|Laplacian| of luma) weaker than this: out of focus or shaken */
export const MIN_DETAIL = 5;
/**
 * A face whose surroundings' colours spread less than this (photo-quality.ts faceColourSpread) is in a black-and-white
 * or toned photo: the hair model tells hair from bare skin partly by colour, and without it marks a bald scalp as hair
 * (the dev portraits turned grey: level-4 mean 29 → 57). Around the faces of black-and-white and sepia prints it reads
 * 0-4.2, around every dev and held-out face 12.3 or more. Photos without a face are not checked: dark hair seen from
 * above is itself nearly colourless (2026-12-01, docs/benchmarks-log.md "Hairline analysis v4.18").
 */
export const MIN_COLOUR_SPREAD = 6;
/**
 * A dimmer photo's detail is read as if its brightest 5% reached this luma (its edges scaled up with its light), so a
 * sharp photo in poor light is not refused as blurred. Every dev photo as taken is at least this bright (darkest 133).
 */
export const LIT_LUMA = 128;

/** a face the detector scores lower than this is not taken as a face */
export const MIN_FACE_CONFIDENCE = 0.6;
/** a second face this large relative to the main one is another person, not a poster or reflection in the background */
export const COMPARABLE_FACE_AREA = 0.35;
/** turned further than this (degrees), one temple hides behind the head */
export const MAX_YAW = 35;
/** a face tipped forward more than this (degrees) shows the hairline from above: the bowed view */
export const BOWED_PITCH = 22;
/** a face tipped down this far (degrees) whose forehead seems covered is measured from above rather than refused */
export const TIPPED_PITCH = 10;
/**
 * A face rolled further than this (degrees) whose forehead seems covered is read from above rather than refused: the
 * face detector reads a head photographed from above as a face rolled far over, its scalp taken for the forehead (a
 * held-out top-down photo of a bald head, 49°). The dev portraits roll 14° at most, the faces of dev bowed selfies 21°
 * (2026-11-28, docs/benchmarks-log.md "Hairline analysis v4.14").
 */
export const MAX_FRONT_ROLL = 30;
/** pitch estimates beyond this (degrees) are not trusted further: the face is then seen almost edge-on */
export const MAX_CORRECTED_PITCH = 70;
/** a middle facial third (brows to base of the nose) shorter than this share of the photo's long side is too small */
export const MIN_FACE_UNIT = 0.025;
/** a forehead lower than this (face units) is a fringe, hat or hand, not a hairline */
export const MIN_FOREHEAD = 0.4;

/** No face: the no-head check, in the central ellipse of the photo (HEAD_RADIUS of its half sides). */
export const NO_HEAD = {
  /** neighbouring pixels of a photo differ by a few levels even in curly hair; in random noise by dozens */
  maxNeighbourDiff: 25,
  /** share of skin-coloured pixels (bare scalp or skin between the hair) below which there is no head */
  minSkinShare: 0.02,
  /** luma spread below which the image is flat (a wall, a lens cap) */
  minLumaSd: 10,
} as const;

/** The classic fixed YCbCr skin box (Chai & Ngan), brighter than `minLuma`. */
export const SKIN_BOX = { cb: [77, 127], cr: [133, 173], minLuma: 40 } as const;

export const inSkinBox = (cb: number, cr: number): boolean =>
  cb >= SKIN_BOX.cb[0] && cb <= SKIN_BOX.cb[1] && cr >= SKIN_BOX.cr[0] && cr <= SKIN_BOX.cr[1];

/** The face-mesh points of the face unit: the two brows and the base of the nose (MediaPipe FaceMesh indices). */
export const FACE_UNIT_POINTS = { browLeft: 105, browRight: 334, noseBase: 2 } as const;

/**
 * Guidance only (the server does not refuse it): a head tipped back further than this (degrees) shows a foreshortened
 * forehead, and the engine corrects the pitch only for a head tipped down, so the forehead would read too short.
 */
export const MAX_HEAD_BACK_PITCH = 15;
/**
 * Guidance only: in a face from the front, less than this share of skin-like pixels just above the brows (up to
 * MIN_FOREHEAD face units) is hair, a hat or a hand where the server wants a bare forehead.
 */
export const MIN_FOREHEAD_SKIN_SHARE = 0.35;
