/**
 * The settings of @vladmandic/human's face detector, one for the analysis (lambdas/analysis/runtime/human-runtime.ts) and the
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
    /** faceres (age, gender) is not run by human: the server's local age check runs it on its own (faces/face-age.ts) */
    description: { enabled: false },
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
