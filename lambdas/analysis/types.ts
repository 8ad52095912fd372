import type { EyeLine } from '#shared/tipped-face-geometry.ts';

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
  /** the face as the local detector cut it out, for the local age estimate (only when asked for: faces/face-age.ts) */
  crop?: FaceCrop;
  /** degrees */
  pose?: { yaw: number; pitch: number; roll: number };
  /** 0..1 */
  confidence: number;
  /**
   * 0..1, the general detector's score of the box before the mesh read it (the tipped search gives none): it tells an
   * upright face from the same face upside down a little better than `confidence`, which reads 1.00 for both on a
   * fifth of the dev portraits (orientation.ts)
   */
  boxConfidence?: number;
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
  findTipped?(image: DetectorInput): Promise<TippedSearch>;
}

/**
 * The tipped search's answer: the faces it found, and the eyes of the face the detector was surest of, which the mesh
 * may not read (a bald head bowed far down with its brows and eyes in the frame), in pixels of the image searched.
 */
export interface TippedSearch {
  faces: DetectedFace[];
  eyes?: EyeLine;
}

export interface AgeRange {
  low: number;
  high: number;
}

/** RGB, 0..1 per channel, row-major: the face aligned and cut out by the face model */
export interface FaceCrop {
  data: Float32Array;
  width: number;
  height: number;
}

/** The photo in which a face was found, and that face: what an age estimator may read. */
export interface AgeSubject {
  photo: RgbImage;
  face: DetectedFace;
}

/** The age check's source: the estimated age range of the face, or undefined when none is read. */
export interface AgeEstimator {
  /**
   * a paid call (Rekognition) runs last, on a photo that passed every other check; a free one starts as soon as the
   * face is found and runs while the photo is measured
   */
  paid: boolean;
  ageRange(subject: AgeSubject): Promise<AgeRange | undefined>;
}

/**
 * The face's descriptor for telling whether two photos show the same person (faces/face-descriptor.ts), asked for only
 * when the user opted in to progress tracking.
 */
export interface FaceDescriber {
  describe(face: DetectedFace): Promise<Float32Array | undefined>;
}

export interface Point {
  x: number;
  y: number;
}

export interface RgbImage {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/** A probability map stretched over the whole photo (the person model's and the hair model's masks both are). */
export interface ProbabilityMap {
  data: Float32Array;
  width: number;
  height: number;
}

export interface PersonMask {
  /** 0..1 per pixel: how sure the model is that the pixel belongs to the person */
  data: Float32Array;
  width: number;
  height: number;
}

/** a view's score inputs by name: the fitted file says which names it was fitted on */
export type NamedFeatures = Record<string, number>;
