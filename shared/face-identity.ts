/**
 * Whether two face photos show the same person, from their face descriptors (faceres's 1024 pooled features,
 * lambdas/analysis/faces/face-descriptor.ts): the distance between the two descriptors scaled to unit length, against a
 * threshold measured by `npm run eval:face-identity` (scripts/analysis/eval-face-identity.ts) on the dev portraits: pairs of
 * different people, and copies of one photo changed as phones and apps change it (the same person). Progress, "taken
 * like last time" and "the change is real" are shown only between ratings of the same person.
 */

import type { RatingIdentity } from './schemas.ts';

/**
 * Whether a rating joins its owner's progress: theirs ('you'), or stored before identity was asked (no identity: it
 * counts as theirs, as it was shown). Someone else's, or one still asking "Is this you?", never does.
 */
export const isYours = (r: { identity?: RatingIdentity | undefined }): boolean =>
  r.identity === undefined || r.identity === 'you';

/**
 * The opt-in's one plain sentence (the profile's `progressTracking`, off by default), read by the setting, the privacy
 * page and the API docs.
 */
export const PROGRESS_TRACKING_SENTENCE =
  'Recognise my face so that only my own photos count as my progress: a face print (numbers, not the photo) is kept with each analysis and deleted when I turn this off.';

/** faceres's descriptor length */
export const FACE_DESCRIPTOR_LENGTH = 1024;

/**
 * Two faces farther apart than this are different people. Measured by `npm run eval:face-identity` on the 141 dev
 * portraits (scripts/analysis/eval-face-identity.ts, docs/analysis.md "Is this you?"): half-way between the farthest changed copy of
 * a portrait (0.53: the darker-skin copy; mirrored 0.48) and the closest pair of different people (0.77), rounded to two
 * decimals (0.647 → 0.65). A relative looks more alike than a stranger and a second photo of one person differs more
 * than a copy: the margin is kept on both sides, and a face that does not match only asks its owner.
 */
export const SAME_PERSON_MAX_DISTANCE = 0.65;

/** what `npm run eval:face-identity` measured for the threshold (2026-12-03, docs/analysis.md), for /accuracy */
export const SAME_PERSON_FIT = {
  portraits: 141,
  /** every pair of different dev portraits, and how many of them the threshold takes for one person */
  differentPairs: 9870,
  differentTakenAsSame: 0,
  /** out of fold: each fold's pairs judged by a threshold chosen on the other four */
  outOfFoldPairs: 1918,
  outOfFoldTakenAsSame: 0,
  /**
   * copies of each portrait changed as phones and apps change a photo (resized, recompressed, lighter, darker,
   * mirrored, darker skin, turned 10°, cropped): all taken as the same person
   */
  changedCopies: 1269,
  changedCopiesKept: 1269,
  farthestCopy: 0.53,
  closestStrangers: 0.765,
} as const;

/** Euclidean distance between two descriptors each scaled to unit length (0 the same direction, 2 opposite). */
export function faceDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) throw new Error('face descriptors of different lengths');
  let dot = 0,
    aa = 0,
    bb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  if (aa === 0 || bb === 0) return 2;
  const cosine = dot / Math.sqrt(aa * bb);
  return Math.sqrt(Math.max(0, 2 - 2 * cosine));
}

/** true when the two descriptors are close enough to be one person */
export function samePerson(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  return faceDistance(a, b) <= SAME_PERSON_MAX_DISTANCE;
}
