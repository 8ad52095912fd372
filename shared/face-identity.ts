/**
 * Whether two face photos show the same person, from their face descriptors (faceres's 1024 pooled features,
 * lambdas/analysis/faces/face-descriptor.ts): the distance between the two descriptors scaled to unit length, against a
 * threshold measured by `npm run eval:face-identity` (scripts/face-identity.ts) on the dev portraits: pairs of
 * different people, and copies of one photo changed as phones and apps change it (the same person). Progress, "taken
 * like last time" and "the change is real" are shown only between ratings of the same person.
 */

/** faceres's descriptor length */
export const FACE_DESCRIPTOR_LENGTH = 1024;

/**
 * Two faces farther apart than this are different people. Measured on the dev portraits (scripts/face-identity.ts,
 * docs/analysis.md "Is this you?"): the largest distance that keeps pairs of different people taken as one person at
 * or under 1 % out of fold.
 */
export const SAME_PERSON_MAX_DISTANCE = 0.5;

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
