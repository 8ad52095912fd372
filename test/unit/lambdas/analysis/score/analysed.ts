/** One photo's whole analysis as the engine's analyzePhoto returns it, every word said by rateStage from its reading. */
import { rateStage, type Reading } from '#lambdas/analysis/score/reading.ts';
import type { HairlineAnalysis } from '#lambdas/analysis/result.ts';
import { CROWN_CAPTURE, FACE_CAPTURE, frontMeasurements, topMeasurements } from '#test/support/ratings.ts';

export function analysed(stage: number, view: 'front' | 'top', confidence = 0.8): HairlineAnalysis {
  const measurements = view === 'top' ? topMeasurements({ confidence }) : frontMeasurements({ confidence });
  const reading: Reading = { stage, measurements, shine: 0.2, evenness: 0.7 };
  return {
    ...rateStage(reading),
    measurements,
    reading,
    captureConditions: view === 'top' ? CROWN_CAPTURE : FACE_CAPTURE,
    thumbnailJpeg: new Uint8Array([1, stage]),
    overlayJpeg: new Uint8Array([2, stage]),
    scoreInputs: { view, features: { a: stage } },
  };
}
