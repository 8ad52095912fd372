/** The face-detection port: the engine only sees these shapes, whatever service or model fills them. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DetectedFace {
  box: FaceBox;
  /** named landmarks in pixels of the normalised image: leftEye, rightEye, nose, mouthLeft, mouthRight, chin, browLeft, browRight, and for the local mesh also forehead points */
  landmarks: Record<string, { x: number; y: number }>;
  ageRange?: AgeRange;
  /** degrees */
  pose?: { yaw: number; pitch: number; roll: number };
  /** 0..1 */
  confidence: number;
  /** how it was found: by the general detector on the upright photo, or by the search for a face tipped down */
  found?: 'upright' | 'tipped';
}

export interface DetectorInput {
  rgb: Uint8Array;
  width: number;
  height: number;
}

export interface FaceDetector {
  /** faces of the upright photo */
  detect(image: DetectorInput): Promise<DetectedFace[]>;
  /** a face tipped down towards the camera, or turned by quarter turns, that `detect` missed */
  findTipped?(image: DetectorInput): Promise<DetectedFace[]>;
}

export interface AgeRange {
  low: number;
  high: number;
}

/** Estimated age range of the main face in a (normalised) JPEG, or undefined when no face is found. */
export interface AgeEstimator {
  ageRange(jpeg: Uint8Array): Promise<AgeRange | undefined>;
}

export interface Point {
  x: number;
  y: number;
}
