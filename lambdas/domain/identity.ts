/**
 * Whose photo a rating shows, so that progress is only ever between photos of one person (docs/api.md, "Is this you?").
 * With progress tracking on (the profile's opt-in), the face photo's descriptor is compared with those of the user's
 * earlier photos that are theirs (shared/face-identity.ts): a match joins the user's progress, a face unlike theirs is
 * someone else's (and its descriptor is not kept: it is another person's biometric data). Without the opt-in, without a
 * face seen from the front (a crown photo alone, a bowed head) or with no earlier face of theirs to compare with, the
 * rating asks its owner once: "Is this you?".
 */
import { FACE_DESCRIPTOR_LENGTH, samePerson } from '#shared/face-identity.ts';
import type { AnalysisResult, RatingIdentity } from '#shared/schemas.ts';
import { asBytes } from './bytes.ts';
import type { Db } from './db.ts';
import { notFound } from './errors.ts';
import { API_MESSAGES } from './messages.ts';
import { PROGRESS_LOOKBACK } from './progress.ts';
import type { RatingItem } from './rating-item.ts';
import { getRating, MAX_RATING_ID_LENGTH } from './ratings.ts';

export type IdentityFields = Pick<RatingItem, 'identity' | 'identityBy' | 'faceDescriptor'>;

/** A descriptor as stored: its float32 numbers as bytes (DynamoDB Binary). */
export function descriptorBytes(descriptor: Float32Array): Uint8Array {
  return new Uint8Array(descriptor.buffer.slice(descriptor.byteOffset, descriptor.byteOffset + descriptor.byteLength));
}

/** A stored descriptor's numbers; undefined for anything that is not one. */
export function storedDescriptor(stored: unknown): Float32Array | undefined {
  const bytes = asBytes(stored);
  if (!bytes || bytes.byteLength !== FACE_DESCRIPTOR_LENGTH * 4) return undefined;
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/**
 * Pure: a new rating's identity from its face descriptor (present only with the opt-in and a face from the front) and
 * the descriptors of the owner's earlier photos that are theirs.
 */
export function identityOf(descriptor: Float32Array | undefined, theirs: Float32Array[]): IdentityFields {
  if (!descriptor) return { identity: 'unconfirmed' };
  const faceDescriptor = descriptorBytes(descriptor);
  if (theirs.length === 0) return { identity: 'unconfirmed', faceDescriptor };
  if (theirs.some((d) => samePerson(descriptor, d))) return { identity: 'you', identityBy: 'face', faceDescriptor };
  return { identity: 'someone-else', identityBy: 'face' };
}

/** The new rating's identity, its descriptor compared with those of the owner's newest earlier photos that are theirs. */
export async function identityForNewRating(
  db: Db,
  userId: string,
  createdAt: string,
  descriptor: Float32Array | undefined,
): Promise<IdentityFields> {
  if (!descriptor) return identityOf(undefined, []);
  const earlier = await db.ratings.earlier(userId, createdAt, PROGRESS_LOOKBACK);
  const theirs = earlier.filter((r) => r.identity === 'you').flatMap((r) => storedDescriptor(r.faceDescriptor) ?? []);
  return identityOf(descriptor, theirs);
}

/**
 * The owner's answer to "Is this you?" on one of their ratings: yes joins it to their progress, no keeps it out (and
 * deletes its descriptor: the face is someone else's). The rating as it now reads, with its progress. Someone else's
 * rating or an unknown one: not found.
 */
export async function answerIdentity(db: Db, userId: string, id: string, isYou: boolean): Promise<AnalysisResult> {
  const identity: RatingIdentity = isYou ? 'you' : 'someone-else';
  if (id.length > MAX_RATING_ID_LENGTH || !(await db.ratings.setIdentity(userId, id, identity))) {
    throw notFound(API_MESSAGES.ratingNotFound);
  }
  return getRating(db, userId, id);
}

/** Progress tracking turned off: every descriptor stored with the user's ratings is deleted. Returns how many. */
export async function forgetFaces(db: Db, userId: string): Promise<number> {
  return db.ratings.forgetFaces(userId);
}
