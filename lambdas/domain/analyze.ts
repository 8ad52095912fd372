/**
 * One paid analysis, reserve first: one conditional write takes the credit and records the pending analysis (the
 * per-user lock) before any pixel is decoded; success writes the rating and closes the reservation in one transaction;
 * a refused photo or any failure refunds the credit and closes the reservation. See reservations.ts.
 */
import { logger } from '../logging.ts';
import { randomUUID } from 'node:crypto';
import type { AnalysisResult, PhotoSubject } from '#shared/schemas.ts';
import { withOwnAge } from '#shared/hairline-age.ts';
import type { Caller } from './caller.ts';
import { DomainError, invalidInput, isDomainError } from './errors.ts';
import { API_MESSAGES } from './messages.ts';
import { reportNothing, type ReportEvent } from './events.ts';
import { systemClock, type Clock, type Db } from './db.ts';
import { fitPair } from './images.ts';
import { viewOf } from './progress.ts';
import type { CrownItem, RatingFields, RatingItem } from './rating-item.ts';
import { toResult } from './rating-mapping.ts';
import { crownProgressFor, progressFor } from './ratings.ts';
import { refundReservation, reservationLost, reserveAnalysis } from './reservations.ts';
import { checkRefusalAllowance, countRefusal } from './refusals.ts';
import { deleteUpload, readUpload } from './uploads.ts';
import { ensureProfile, getUser, type UserItem } from './users.ts';
import { identityForNewRating } from './identity.ts';

/** The photos of one analysis: the face photo (front or bowed) and, for a two-photo rating, the crown photo. */
export interface AnalyzePhotos {
  face: Uint8Array;
  crown?: Uint8Array;
}

/**
 * What the analysis engine returns (structurally the engine's HairlineAnalysis): the rating's fields, with the score
 * and the words that follow from it combined from both photos when there are two, and the crown photo's own part.
 */
export interface AnalysisOutput extends RatingFields {
  thumbnailJpeg: Uint8Array;
  overlayJpeg: Uint8Array;
  crown?: CrownOutput;
  /** the face photo's descriptor, only when asked for (`describeFace`) and the face was seen from the front */
  faceDescriptor?: Float32Array;
}

/** The crown photo's part as the engine returns it: its own score (always, where older items may lack it), its images as JPEG bytes. */
export type CrownOutput = Omit<CrownItem, 'thumbnail' | 'overlay' | 'progress' | 'score'> & {
  score: number;
  thumbnailJpeg: Uint8Array;
  overlayJpeg: Uint8Array;
};

/**
 * Photos → one analysis. A photo the engine refuses throws a 'photo-refused' DomainError (errors.ts) whose
 * `details.photo` says which of the photos it is about ('face' or 'crown').
 */
export type Analyze = (
  photos: AnalyzePhotos,
  /** `photoOf`: what the user said the face photo is of, which the words name it by (a bowed head measured from above) */
  opts?: { describeFace?: boolean; photoOf?: PhotoSubject },
) => Promise<AnalysisOutput>;

export interface AnalyzeDeps {
  db: Db;
  analyze: Analyze;
  clock?: Clock;
  newId?: () => string;
  /** told of analyses completed and refused, and of the credits reserved and refunded (metrics) */
  events?: ReportEvent;
}

export type AnalyzeInput = { kind: 'image'; bytes: Uint8Array } | { kind: 'upload'; uploadId: string };

/** Thumbnail + overlay stored with a rating stay under this many bytes together. */
export const MAX_RATING_IMAGE_BYTES = 150 * 1024;
/** The crown photo's thumbnail + overlay, beside the face photo's: the whole item stays far below DynamoDB's 400 KB. */
export const MAX_CROWN_IMAGE_BYTES = 100 * 1024;

/** Which photo of a two-photo request a refusal is about: its message starts with the label. */
export const PHOTO_LABELS = { image: 'Face photo', crown: 'Crown photo' } as const;
/** the request's field of each photo the Analyze port names */
const PHOTO_FIELDS = { face: 'image', crown: 'crown' } as const satisfies Record<
  keyof AnalyzePhotos,
  keyof typeof PHOTO_LABELS
>;

export interface AnalyzeOptions {
  /** the client's id for this call (X-Client-Request-Id), stored on the rating so a client that lost the answer finds it */
  clientRequestId?: string;
  /** a photo of the top of the head beside the face photo: measured as the top view, one rating, one credit */
  crown?: AnalyzeInput;
  /** the caller's profile when the handler has ensured it already (a deleted account is refused before parsing) */
  profile?: UserItem;
  /**
   * what the user said the (face) photo is of, by the slot or camera mode they took it in: it names the rating's kind
   * (shared/view-kinds.ts) where the engine's view cannot, a bowed head without a face being measured like a crown
   */
  photoOf?: PhotoSubject;
}

export async function analyzeForUser(
  deps: AnalyzeDeps,
  caller: Caller,
  input: AnalyzeInput,
  { profile: ensured, ...opts }: AnalyzeOptions = {},
): Promise<AnalysisResult> {
  const clock = deps.clock ?? systemClock;
  const profile = ensured ?? (await ensureProfile(deps, caller));
  // one upload per field and per analysis: the same one twice is a mistake, refused before any credit is reserved
  if (opts.crown && samePhoto(input, opts.crown)) throw invalidInput(API_MESSAGES.samePhotoTwice);
  // beside a crown photo the first photo is the face photo: one that says it is the crown contradicts the request
  if (opts.crown && opts.photoOf === 'crown') throw invalidInput(API_MESSAGES.crownBesideCrown);
  await checkRefusalAllowance(deps, caller.userId);
  const id = (deps.newId ?? randomUUID)();
  await reserveAnalysis(deps, caller.userId, id);

  let item: RatingItem;
  try {
    item = await analyseAndRecord(
      deps,
      caller,
      input,
      id,
      { ...opts, birthYear: profile.birthYear ?? null, progressTracking: profile.progressTracking === true },
      clock,
    );
  } catch (err) {
    // the request was refused (the photo, the upload, the reservation): not a failure of ours
    const refused = err instanceof DomainError;
    await refundReservation(deps, caller.userId, id, refused ? 'refused' : 'failed').catch((refundErr) =>
      // the reservation then expires and is refunded by the user's next request
      logger.error('refund failed', { userId: caller.userId, reservationId: id, error: String(refundErr) }),
    );
    if (isDomainError(err, 'photo-refused')) {
      (deps.events ?? reportNothing)({
        type: 'analysis-refused',
        reason: typeof err.details?.code === 'string' ? err.details.code : 'unknown',
      });
      await countRefusal(deps, caller.userId).catch((countErr) =>
        logger.error('refusal not counted', { userId: caller.userId, error: String(countErr) }),
      );
    }
    throw err;
  }
  (deps.events ?? reportNothing)({ type: 'analysis-completed', view: viewOf(item) });

  for (const used of [input, opts.crown]) {
    if (used?.kind !== 'upload') continue;
    // the photo has served its purpose; it is not kept longer than needed
    await deleteUpload(deps.db, used.uploadId).catch((err) =>
      logger.warn('upload delete failed', { error: String(err) }),
    );
  }
  // the change since the previous rating, from stored measurements; the credit is spent, so this never fails the request
  const progress = await progressFor(deps.db, item).catch((err) => {
    logger.warn('progress not computed', { ratingId: item.id, error: String(err) });
    return undefined;
  });
  const result: AnalysisResult = {
    ...toResult(item, { withOverlay: true }),
    ...(progress !== undefined ? { progress } : {}),
  };
  if (result.crown) {
    const crownProgress = await crownProgressFor(deps.db, item).catch((err) => {
      logger.warn('crown progress not computed', { ratingId: item.id, error: String(err) });
      return undefined;
    });
    if (crownProgress !== undefined) result.crown.progress = crownProgress;
  }
  return result;
}

/** The work a reservation pays for: read the photos, analyse them, then store the rating and close the reservation. */
async function analyseAndRecord(
  deps: AnalyzeDeps,
  caller: Caller,
  input: AnalyzeInput,
  id: string,
  opts: AnalyzeOptions & { birthYear: number | null; progressTracking: boolean },
  clock: Clock,
): Promise<RatingItem> {
  const two = opts.crown !== undefined;
  const read = async (photo: AnalyzeInput, field: PhotoField) =>
    photo.kind === 'image'
      ? photo.bytes
      : readUpload(deps, photo.uploadId).catch((err: unknown) => {
          throw named(err, two ? field : undefined);
        });
  // both uploads first: a crown photo gone meanwhile is refused before any photo is analysed
  const face = await read(input, 'image');
  const crown = opts.crown ? await read(opts.crown, 'crown') : undefined;
  // two uploads of the same file (the reservation is refunded: a request refused, no charge)
  if (crown && sameBytes(face, crown)) throw invalidInput(API_MESSAGES.samePhotoTwice);
  // beside a crown photo the first photo is the hairline, said or not (an older client); a bowed head whose face the
  // detector misses is measured from above like a crown, and the words name it by what the user said it is
  const photoOf = two ? ('hairline' as const) : opts.photoOf;
  // the face descriptor is biometric data: read only for a user who opted in to progress tracking
  const describeFace = opts.progressTracking;
  const photos = crown ? { face, crown } : { face };
  const analysis = await deps
    .analyze(photos, { describeFace, ...(photoOf ? { photoOf } : {}) })
    .catch((err: unknown) => {
      throw named(err, two ? refusedField(err) : undefined);
    });
  if (two && !analysis.crown) throw new Error('the analysis of two photos returned no crown part');
  const [thumbnail, overlay] = await fitPair(analysis.thumbnailJpeg, analysis.overlayJpeg, MAX_RATING_IMAGE_BYTES);
  let crownItem: CrownItem | undefined;
  const crownPart = analysis.crown;
  if (crownPart) {
    const [crownThumbnail, crownOverlay] = await fitPair(
      crownPart.thumbnailJpeg,
      crownPart.overlayJpeg,
      MAX_CROWN_IMAGE_BYTES,
    );
    crownItem = {
      measurements: crownPart.measurements,
      norwoodStage: crownPart.norwoodStage,
      score: crownPart.score,
      stageEstimate: crownPart.stageEstimate,
      faceStageEstimate: crownPart.faceStageEstimate,
      ...(crownPart.captureConditions ? { captureConditions: crownPart.captureConditions } : {}),
      thumbnail: crownThumbnail,
      overlay: crownOverlay,
    };
  }
  const at = clock.now().toISOString();
  const item: RatingItem = {
    id,
    userId: caller.userId,
    isPremium: true,
    createdAt: at,
    updatedAt: at,
    score: analysis.score,
    rating: analysis.rating,
    recessionLevel: analysis.recessionLevel,
    density: analysis.density,
    foreheadSize: analysis.foreheadSize,
    hairlineAge: analysis.hairlineAge,
    yearsUntilBald: analysis.yearsUntilBald,
    health: analysis.health,
    commentary: analysis.commentary,
    hairstyleSuggestions: [...analysis.hairstyleSuggestions],
    norwoodStage: analysis.norwoodStage,
    norwoodConfidence: analysis.norwoodConfidence,
    measurements: analysis.measurements,
    // the user's own age comes from the birth year they gave, never from the face
    ...(analysis.ageComparison ? { ageComparison: withOwnAge(analysis.ageComparison, opts.birthYear, at) } : {}),
    ...(analysis.captureConditions ? { captureConditions: analysis.captureConditions } : {}),
    thumbnail,
    overlay,
    ...(opts.clientRequestId ? { clientRequestId: opts.clientRequestId } : {}),
    ...(crownItem ? { crown: crownItem } : {}),
    ...(photoOf ? { photoOf } : {}),
    ...(await identityForNewRating(deps.db, caller.userId, at, describeFace ? analysis.faceDescriptor : undefined)),
  };
  // the rating is stored only while its reservation is ours: a credit pays for at most one rating
  if ((await deps.db.ratings.recordClosingReservation(item)) === 'reservation-lost') throw reservationLost();
  if (item.faceDescriptor && !(await getUser(deps, caller.userId))?.progressTracking) {
    // progress tracking was turned off while the photo was analysed: its descriptor goes too
    await deps.db.ratings.forgetFace(item.id);
    delete item.faceDescriptor;
  }
  return item;
}

type PhotoField = keyof typeof PHOTO_LABELS;

const bytesOf = (a: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const sameBytes = (a: Uint8Array, b: Uint8Array) => bytesOf(a).equals(bytesOf(b));

/** The same upload id, or the same file's bytes, as both photos. */
function samePhoto(a: AnalyzeInput, b: AnalyzeInput): boolean {
  if (a.kind === 'upload' && b.kind === 'upload') return a.uploadId === b.uploadId;
  return a.kind === 'image' && b.kind === 'image' && sameBytes(a.bytes, b.bytes);
}

/** The request field of the photo a refusal from the Analyze port is about ('face' or 'crown' in `details.photo`). */
function refusedField(err: unknown): PhotoField | undefined {
  const photo = isDomainError(err) ? err.details?.photo : undefined;
  return photo === 'face' || photo === 'crown' ? PHOTO_FIELDS[photo] : undefined;
}

/**
 * A refusal or a missing upload of a two-photo request names its photo: "Crown photo: …", with `details.photo` ('image'
 * or 'crown'). One photo alone (photo undefined) keeps its message as it is, with `details.code` only.
 */
function named(err: unknown, photo: PhotoField | undefined): unknown {
  if (!isDomainError(err, 'photo-refused') && !isDomainError(err, 'not-found')) return err;
  if (photo) return new DomainError(err.code, `${PHOTO_LABELS[photo]}: ${err.message}`, { ...err.details, photo });
  if (err.details?.photo === undefined) return err;
  const { photo: _portsName, ...details } = err.details;
  return new DomainError(err.code, err.message, details);
}
