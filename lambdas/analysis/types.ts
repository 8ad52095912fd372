/** The face-detection port: the engine only sees these shapes, whatever service or model fills them. */
export interface FaceBox { x: number; y: number; width: number; height: number }

export interface DetectedFace {
  box: FaceBox;
  /** named landmarks in pixels of the normalised image: leftEye, rightEye, nose, mouthLeft, mouthRight, chin, browLeft, browRight, and for the local mesh also forehead points */
  landmarks: Record<string, { x: number; y: number }>;
  ageRange?: AgeRange;
  /** degrees */
  pose?: { yaw: number; pitch: number; roll: number };
  /** 0..1 */
  confidence: number;
}

export interface DetectorInput { rgb: Uint8Array; width: number; height: number; jpeg: Uint8Array }

export interface FaceDetector { detect(image: DetectorInput): Promise<DetectedFace[]> }

export interface AgeRange { low: number; high: number }

/** Estimated age range of the main face in a (normalised) JPEG, or undefined when no face is found. */
export interface AgeEstimator { ageRange(jpeg: Uint8Array): Promise<AgeRange | undefined> }

export interface Point { x: number; y: number }
