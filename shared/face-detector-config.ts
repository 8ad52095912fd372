/**
 * The settings of @vladmandic/human's face detector, one for the analysis (lambdas/analysis/models/human-runtime.ts) and the
 * camera's live guidance (web/src/features/analyze/face-model.ts): what the guidance finds is what the server finds.
 */
export const FACE_DETECTOR_CONFIG = {
  debug: false,
  cacheSensitivity: 0,
  async: true,
  face: {
    enabled: true,
    detector: { enabled: true, rotation: true, maxDetected: 4, minConfidence: 0.5, return: false },
    mesh: { enabled: true },
    iris: { enabled: false },
    /**
     * faceres: the age estimate behind the local 18+ check (the server's alone: no guidance rule needs it); the
     * analysis turns it off per call where Rekognition answers the check (lambdas/analysis/faces/local-detector.ts)
     */
    description: { enabled: true },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    attention: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
  filter: { enabled: false },
};
