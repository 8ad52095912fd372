/** A hairline rating as it is stored (the ratings table): the analysis fields, its owner, its images as bytes. */
import type { AnalysisResult, CrownPart, PhotoSubject, RatingIdentity } from '#shared/schemas.ts';

/** The analysis fields a rating keeps, in the API's shape. */
export type RatingFields = Pick<
  AnalysisResult,
  | 'score'
  | 'rating'
  | 'recessionLevel'
  | 'density'
  | 'foreheadSize'
  | 'hairlineAge'
  | 'yearsUntilBald'
  | 'health'
  | 'commentary'
  | 'hairstyleSuggestions'
  | 'norwoodStage'
  | 'norwoodConfidence'
  | 'measurements'
  | 'ageComparison'
  | 'captureConditions'
>;

/** The crown photo of a two-photo rating, as stored: its measurements and estimates, its thumbnail and overlay as Binary. */
export interface CrownItem extends Omit<CrownPart, 'imageBase64' | 'overlayBase64'> {
  thumbnail?: Uint8Array;
  overlay?: Uint8Array;
}

/** A rating as stored: the result's fields plus owner and timestamps; thumbnail and overlay as bytes, never the photo. */
export interface RatingItem extends RatingFields {
  id: string;
  userId: string;
  /** always true: every stored rating was paid with a credit (the spec's "premium" flag is always true in results) */
  isPremium: boolean;
  createdAt: string;
  updatedAt: string;
  thumbnail: Uint8Array;
  overlay?: Uint8Array;
  /** the rating's active share link (shares table), if the owner made one */
  shareId?: string;
  /** the client's id of the analyze call that made it (X-Client-Request-Id) */
  clientRequestId?: string;
  /** the crown photo, when the analysis had one beside the face photo */
  crown?: CrownItem;
  /** what the user said the (face) photo is of; absent on ratings stored before it was asked (the view names it) */
  photoOf?: PhotoSubject;
  /** whose photo it is (identity.ts); absent on ratings stored before it was asked: the owner's */
  identity?: RatingIdentity;
  /** how the identity was settled: the face matched or not, or the owner answered "Is this you?" */
  identityBy?: 'face' | 'answer';
  /**
   * the face photo's descriptor (1024 float32 as bytes): only with progress tracking on and a face that is, or may be,
   * the owner's; biometric data, never returned by the API nor exported, deleted with the rating or when tracking is off
   */
  faceDescriptor?: Uint8Array;
}
