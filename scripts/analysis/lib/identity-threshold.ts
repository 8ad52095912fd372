/**
 * Measuring the "same person" threshold (shared/face-identity.ts): each dev portrait's face descriptor, read as the
 * engine reads it (the photo decoded, at the engine's working and detection sizes, its main face seen from the front),
 * and the descriptors of copies of it changed as phones and apps change a photo. Pairs of different portraits are
 * different people (the portrait folders hold one official portrait per member: docs/analysis.md); a copy and its
 * original are the same person.
 */
import { DETECT_SIDE } from '#shared/capture-rules.ts';
import { faceDistance } from '#shared/face-identity.ts';
import { type AnalysisDeps, decodePhoto, FRONT_SIDE, mainFace, resized, viewOf } from '#lambdas/analysis/offline.ts';
import { STABILITY_TRANSFORMS, cropped, type StabilityTransform } from './transforms.ts';

/** the changes a photo goes through that leave its person the same: the stability set and a tighter crop */
export const IDENTITY_TRANSFORMS: StabilityTransform[] = [
  ...STABILITY_TRANSFORMS,
  { name: 'crop 15%', apply: cropped(0.15) },
];

/** The descriptor of a photo's main face seen from the front, as the engine reads it; undefined without one. */
export async function portraitDescriptor(
  bytes: Uint8Array,
  deps: Pick<AnalysisDeps, 'faceDetector' | 'faceDescriber'>,
): Promise<Float32Array | undefined> {
  const detectInput = await resized(await resized(await decodePhoto(bytes), FRONT_SIDE), DETECT_SIDE);
  const face = mainFace(await deps.faceDetector.detect(detectInput));
  if (!face || !deps.faceDescriber) return undefined;
  try {
    if (viewOf(face, detectInput) !== 'front') return undefined;
  } catch {
    // turned aside or too small: the engine refuses the photo
    return undefined;
  }
  return deps.faceDescriber.describe(face);
}

export interface IdentityFigures {
  /** pairs of different people */
  differentPairs: number;
  /** of those, taken as one person */
  falseSame: number;
  /** pairs of a photo and its changed copy */
  samePairs: number;
  /** of those, taken as one person */
  trueSame: number;
}

/** A portrait's descriptors: the photo's own, and each changed copy's by transform name (a copy with no face: none). */
export interface PortraitDescriptors {
  file: string;
  original: ArrayLike<number>;
  copies: Record<string, ArrayLike<number> | undefined>;
}

/** Pairs of different portraits among `portraits`, and each with its copies, judged at `threshold`. */
export function identityFigures(portraits: PortraitDescriptors[], threshold: number): IdentityFigures {
  const figures: IdentityFigures = { differentPairs: 0, falseSame: 0, samePairs: 0, trueSame: 0 };
  for (let i = 0; i < portraits.length; i++) {
    const p = portraits[i]!;
    for (let j = i + 1; j < portraits.length; j++) {
      figures.differentPairs++;
      if (faceDistance(p.original, portraits[j]!.original) <= threshold) figures.falseSame++;
    }
    for (const copy of Object.values(p.copies)) {
      figures.samePairs++;
      // a copy in which no face is found is a miss: that rating would ask "Is this you?"
      if (copy && faceDistance(p.original, copy) <= threshold) figures.trueSame++;
    }
  }
  return figures;
}

/**
 * The largest threshold that takes at most `maxFalseSame` of the different-person pairs as one person: the distances
 * of those pairs, sorted, and the threshold just under the first one it may not admit.
 */
export function thresholdFor(portraits: PortraitDescriptors[], maxFalseSame: number): number {
  const distances: number[] = [];
  for (let i = 0; i < portraits.length; i++)
    for (let j = i + 1; j < portraits.length; j++)
      distances.push(faceDistance(portraits[i]!.original, portraits[j]!.original));
  distances.sort((a, b) => a - b);
  const allowed = Math.floor(maxFalseSame * distances.length);
  const firstRefused = distances[allowed];
  if (firstRefused === undefined) return 2;
  // half-way below the first pair it must refuse, so that pair stays refused after rounding
  const below = allowed > 0 ? distances[allowed - 1]! : 0;
  return below + (firstRefused - below) / 2;
}

/**
 * The threshold in use: half-way between the farthest changed copy of a portrait and the closest pair of different
 * portraits, when the two do not overlap (the widest margin on both sides: a relative looks more alike than a stranger,
 * and a real second photo of one person differs more than a copy); else the distance that admits at most
 * `fallbackFalseSame` of the different-person pairs.
 */
export function chooseThreshold(portraits: PortraitDescriptors[], fallbackFalseSame: number): number {
  let farthestCopy = 0;
  for (const p of portraits)
    for (const copy of Object.values(p.copies))
      if (copy) farthestCopy = Math.max(farthestCopy, faceDistance(p.original, copy));
  let closestOther = Infinity;
  for (let i = 0; i < portraits.length; i++)
    for (let j = i + 1; j < portraits.length; j++)
      closestOther = Math.min(closestOther, faceDistance(portraits[i]!.original, portraits[j]!.original));
  return farthestCopy < closestOther ? (farthestCopy + closestOther) / 2 : thresholdFor(portraits, fallbackFalseSame);
}
