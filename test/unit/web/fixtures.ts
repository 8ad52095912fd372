import type { AnalysisResult, Measurements, SharedRating } from '#shared/schemas.ts';

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

export function analysisResult(overrides: Partial<AnalysisResult> = {}): AnalysisResult {
  return {
    id: 'rating-1',
    score: 72,
    rating: 'W Rizz',
    recessionLevel: 'Low',
    density: 'Good',
    foreheadSize: 'Medium',
    hairlineAge: 'Mature',
    yearsUntilBald: '15+ years',
    health: 'Good',
    commentary: 'Solid hairline with slight temple recession.',
    hairstyleSuggestions: ['Textured crop', 'Side part', 'Quiff'],
    imageBase64: TINY_JPEG_BASE64,
    overlayBase64: TINY_JPEG_BASE64,
    norwoodStage: 2,
    norwoodConfidence: 0.64,
    measurements: frontMeasurements(),
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function share(overrides: Partial<SharedRating> = {}): SharedRating {
  return {
    shareId: 'AAAAAAAAAAAAAAAAAAAAAA',
    displayName: 'alex',
    score: 78,
    rating: 'W Rizz',
    recessionLevel: 'Low',
    density: 'Good',
    foreheadSize: 'Average',
    hairlineAge: 'Young',
    yearsUntilBald: '15+ years',
    health: 'Good',
    norwoodStage: 2,
    createdAt: '2026-10-20T18:03:11.204Z',
    ...overrides,
  };
}
