/** Ratings for the history's crown tests: face photos, crown photos alone and two-photo analyses, newest first. */
import { RETAKE_TOLERANCES } from '#shared/comparable.ts';
import type { AnalysisResult, CaptureConditions, RatingIdentity } from '#shared/schemas.ts';
import {
  analysisResult,
  CROWN_CAPTURE,
  FACE_CAPTURE,
  frontMeasurements,
  topMeasurements,
} from '#test/support/ratings.ts';

export const NOW = new Date('2026-11-01T00:00:00.000Z');
const at = (day: number) => `2026-10-${String(day).padStart(2, '0')}T10:00:00.000Z`;
/** a crown photo taken much closer than CROWN_CAPTURE: not comparable with it */
export const CLOSER_CROWN: CaptureConditions = {
  ...CROWN_CAPTURE,
  size: CROWN_CAPTURE.size! * RETAKE_TOLERANCES.sizeRatio * 1.2,
};

/** one photo analysed alone: a face photo from the front or a crown photo */
const alone = (id: string, day: number, score: number, view: 'front' | 'top', capture: CaptureConditions) =>
  analysisResult({
    id,
    createdAt: at(day),
    score,
    measurements: view === 'top' ? topMeasurements() : frontMeasurements(),
    captureConditions: capture,
    photoOf: view === 'top' ? 'crown' : 'hairline',
  });

export const faceAlone = (id: string, day: number, score: number) => alone(id, day, score, 'front', FACE_CAPTURE);
export const crownAlone = (id: string, day: number, score: number, capture = CROWN_CAPTURE) =>
  alone(id, day, score, 'top', capture);

/** a face photo with a crown photo: `score` the combined one, `crownScore` the crown photo's own (absent: stored before) */
export const twoPhotos = (
  id: string,
  day: number,
  score: number,
  crownScore: number | undefined,
  opts: { capture?: CaptureConditions; identity?: RatingIdentity } = {},
): AnalysisResult => ({
  ...faceAlone(id, day, score),
  ...(opts.identity ? { identity: opts.identity } : {}),
  crown: {
    measurements: topMeasurements(),
    captureConditions: opts.capture ?? CROWN_CAPTURE,
    norwoodStage: 4,
    ...(crownScore !== undefined ? { score: crownScore } : {}),
    stageEstimate: 4.2,
    faceStageEstimate: 2.1,
  },
});
