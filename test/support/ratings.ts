/**
 * The one rating fixture of the tests: the analysis fields a rating keeps, and the shapes built on them (a stored
 * item, a result as the API answers it, a shared rating). The defaults agree with each other: a stored rating with no
 * overrides, shared under `SHARE_ID`, reads as `sharedRating()`.
 */
import type { AnalysisResult, CaptureConditions, Measurements, SharedRating } from '#shared/schemas.ts';

// 1x1 JPEG
export const TINY_JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

/** A front view (portrait or selfie), lengths in middle facial thirds. */
export function frontMeasurements(overrides: Partial<Measurements> = {}): Measurements {
  return {
    view: 'front',
    hairlineHeightRatio: 0.86,
    templeRecession: 0.08,
    templeLeft: 0.1,
    templeRight: 0.06,
    frontalCoverage: 0.82,
    topCoverage: 0.75,
    bareTopShare: 0.25,
    strandTexture: 0.7,
    faceFound: true,
    confidence: 0.7,
    ...overrides,
  };
}

/** A crown or scalp photo: no face, so no forehead or temples. */
export function topMeasurements(overrides: Partial<Measurements> = {}): Measurements {
  return {
    view: 'top',
    hairlineHeightRatio: null,
    templeRecession: null,
    frontalCoverage: 0.62,
    topCoverage: 0.4,
    bareTopShare: 0.6,
    strandTexture: 0.35,
    faceFound: false,
    confidence: 0.75,
    ...overrides,
  };
}

/** As stored before the engine told the view: shares of the face height and width. */
export function measurementsBeforeViews(overrides: Partial<Measurements> = {}): Measurements {
  return {
    hairlineHeightRatio: 0.35,
    templeRecession: 0.08,
    frontalCoverage: 0.82,
    topCoverage: 0.75,
    faceFound: true,
    confidence: 0.7,
    ...overrides,
  };
}

/** The analysis fields a rating keeps: the API's result without its id, images, dates and the parts added on reading. */
export type RatingFields = Omit<
  AnalysisResult,
  'id' | 'imageBase64' | 'overlayBase64' | 'createdAt' | 'progress' | 'clientRequestId' | 'crown'
>;

export function ratingFields(overrides: Partial<RatingFields> = {}): RatingFields {
  return {
    score: 78,
    rating: 'W Rizz',
    recessionLevel: 'Low',
    density: 'Good',
    foreheadSize: 'Average',
    hairlineAge: 'Young',
    yearsUntilBald: '15+ years',
    health: 'Good',
    commentary: 'Solid hairline with slight temple recession.',
    hairstyleSuggestions: ['Textured crop', 'Side part', 'Quiff'],
    norwoodStage: 2,
    norwoodConfidence: 0.64,
    measurements: frontMeasurements(),
    ...overrides,
  };
}

/**
 * A rating as the ratings table holds it (lambdas/domain/ratings.ts `RatingItem`, not imported: the web tests' program
 * has no Node types): the fields, the owner, timestamps, thumbnail and overlay as bytes.
 */
interface Owner {
  id: string;
  userId: string;
  thumbnail: Uint8Array;
}
export type StoredRating = RatingFields & Owner & Record<string, unknown>;

export function storedRating(owner: Owner, overrides: Partial<StoredRating> = {}): StoredRating {
  const at = (overrides.createdAt as string | undefined) ?? new Date().toISOString();
  return {
    ...ratingFields(),
    ...owner,
    isPremium: true,
    createdAt: at,
    updatedAt: at,
    overlay: owner.thumbnail,
    ...overrides,
  };
}

export function analysisResult(overrides: Partial<AnalysisResult> = {}): AnalysisResult {
  return {
    ...ratingFields(),
    id: 'rating-1',
    imageBase64: TINY_JPEG_BASE64,
    overlayBase64: TINY_JPEG_BASE64,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** a share id as the server makes them: 22 base64url characters */
export const SHARE_ID = 'q3Vx9kLm2Pz8RtY4wN6bJA';

/** What anyone with the link reads of `ratingFields()`, shared with the owner's name. */
export function sharedRating(overrides: Partial<SharedRating> = {}): SharedRating {
  const { score, rating, recessionLevel, density, foreheadSize, hairlineAge, yearsUntilBald, health, norwoodStage } =
    ratingFields();
  return {
    shareId: SHARE_ID,
    displayName: 'alex',
    score,
    rating,
    recessionLevel,
    density,
    foreheadSize,
    hairlineAge,
    yearsUntilBald,
    health,
    norwoodStage,
    createdAt: '2026-10-20T18:03:11.204Z',
    ...overrides,
  };
}

/** How a face photo was taken (capture conditions): the comparability tests move one condition from here. */
export const FACE_CAPTURE: CaptureConditions = {
  view: 'front',
  pitch: 0,
  yaw: 0,
  roll: 0,
  size: 0.06,
  brightness: 120,
  width: 640,
  height: 480,
  outline: {},
};
/** How a crown photo was taken: seen from above, so no pose. */
export const CROWN_CAPTURE: CaptureConditions = {
  ...FACE_CAPTURE,
  view: 'top',
  pitch: null,
  yaw: null,
  roll: null,
  size: 0.5,
};
