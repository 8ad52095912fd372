/**
 * Pure: a rating's progress since the user's previous one, from stored measurements (no model call, no store). The
 * reads that find the earlier ratings are the caller's (ratings.ts). Progress is only ever between the user's own
 * photos (identity.ts): a rating of someone else, or one still asking "Is this you?", has none and is never an earlier
 * one.
 */
import type { Measurements, MetricDeltas, PhotoView, Progress } from '#shared/schemas.ts';
import { conditionDifferences, readingsOf } from '#shared/comparable.ts';
import { isYours } from '#shared/face-identity.ts';
import { sameKindAndView, viewKindOf } from '#shared/view-kinds.ts';
import type { CrownItem, RatingItem } from './rating-item.ts';

export type ProgressFields = Pick<
  RatingItem,
  'id' | 'createdAt' | 'norwoodStage' | 'captureConditions' | 'identity' | 'photoOf'
> & {
  /** absent on the crown photo of a rating stored before the crown's own score was kept */
  score?: number;
  measurements?: Partial<Measurements>;
};

/** What progress reads of a two-photo rating's crown photo. */
export type CrownFields = Pick<CrownItem, 'measurements' | 'norwoodStage' | 'score' | 'captureConditions'>;

const NUMERIC_MEASUREMENTS = ['hairlineHeightRatio', 'templeRecession', 'frontalCoverage', 'topCoverage'] as const;
const round4 = (n: number) => {
  const r = Math.round(n * 10_000) / 10_000;
  return Object.is(r, -0) ? 0 : r;
};
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Ratings stored before the engine told the view were all measured as front photos. */
export const viewOf = (r: Pick<ProgressFields, 'measurements'>): PhotoView => r.measurements?.view ?? 'front';

/**
 * Pure: `current` minus `previous` (a rating of the same kind and view), score and each numeric measurement both have
 * (rounded to 4 decimals); no deltas when the photos were taken too differently to compare (shared/comparable.ts). A
 * hairline from above and a crown photo are both measured from above (view 'top') but are not like with like.
 */
export function progressBetween(current: ProgressFields, previous: ProgressFields): Progress {
  if (!sameKindAndView(current, previous)) {
    return {
      previousId: previous.id,
      previousCreatedAt: previous.createdAt,
      previousView: viewOf(previous),
      previousKind: viewKindOf(previous),
    };
  }
  const [now, before] = [current.captureConditions, previous.captureConditions];
  const differences = now && before ? conditionDifferences(readingsOf(now), readingsOf(before)) : [];
  if (differences.length > 0) {
    return { previousId: previous.id, previousCreatedAt: previous.createdAt, comparable: false, differences };
  }
  const deltas: MetricDeltas = {};
  for (const key of NUMERIC_MEASUREMENTS) {
    const now = current.measurements?.[key];
    const before = previous.measurements?.[key];
    if (isNumber(now) && isNumber(before)) deltas[key] = round4(now - before);
  }
  if (isNumber(current.norwoodStage) && isNumber(previous.norwoodStage))
    deltas.norwoodStage = Math.round(current.norwoodStage - previous.norwoodStage);
  return {
    previousId: previous.id,
    previousCreatedAt: previous.createdAt,
    ...(isNumber(current.score) && isNumber(previous.score)
      ? { scoreDelta: Math.round(current.score - previous.score) }
      : {}),
    ...(Object.keys(deltas).length > 0 ? { metricDeltas: deltas } : {}),
    ...(now && before ? { comparable: true } : {}),
  };
}

/** how many of the user's earlier ratings are looked through for one of the same view */
export const PROGRESS_LOOKBACK = 50;

/** An earlier rating of the user: what progress compares. */
export type EarlierRating = ProgressFields & {
  crown?: CrownFields;
  /** the face descriptor stored with it (progress tracking on): identity.ts compares a new face with it */
  faceDescriptor?: Uint8Array;
};

/**
 * A two-photo rating's crown photo as a photo of its own, the crown (view 'top', no `photoOf`: it is never the hairline
 * from above), with its own score and conditions: progress compares it with crown photos analysed alone and with other
 * ratings' crown photos. It is the rating's person's (its identity).
 */
export function crownPhotoOf(
  r: Pick<ProgressFields, 'id' | 'createdAt' | 'identity'> & { crown?: CrownFields },
): ProgressFields | null {
  if (!r.crown) return null;
  const { score, norwoodStage, measurements, captureConditions } = r.crown;
  return {
    id: r.id,
    createdAt: r.createdAt,
    norwoodStage,
    measurements,
    ...(isNumber(score) ? { score } : {}),
    ...(captureConditions ? { captureConditions } : {}),
    ...(r.identity ? { identity: r.identity } : {}),
  };
}

/** Each rating's photos, newest first: a two-photo rating's crown photo (crownPhotoOf) before the rating itself. */
const photosOf = (ratings: readonly EarlierRating[]): ProgressFields[] =>
  ratings.flatMap((r) => {
    const crown = crownPhotoOf(r);
    return crown ? [crown, r] : [r];
  });

/**
 * Of the user's earlier ratings (newest first), the newest photo of the same kind and view as `item` (a crown photo
 * alone finds the crown photo of a two-photo rating too), else the newest rating of any (to say it is not comparable);
 * null when there is none.
 */
export function previousOf(
  earlier: EarlierRating[],
  item: Pick<ProgressFields, 'measurements' | 'photoOf'>,
): ProgressFields | null {
  return photosOf(earlier).find((r) => sameKindAndView(r, item)) ?? earlier[0] ?? null;
}

/**
 * `item`'s progress since the previous of the user's own ratings among `earlier` (newest first); null when this is the
 * first, or when `item` is not (or not yet) the user's own.
 */
export function progressAmong(earlier: EarlierRating[], item: ProgressFields): Progress | null {
  if (!isYours(item)) return null;
  const previous = previousOf(earlier.filter(isYours), item);
  return previous ? progressBetween(item, previous) : null;
}

/**
 * The crown photo's change since the user's previous crown photo among `earlier` (newest first): the crown photo of an
 * earlier two-photo rating, or an earlier rating of a crown photo alone (never a hairline photo from above, although
 * measured as view 'top'). The crown's own score (when both have one), coverage and its own Norwood stage. null when
 * `item` has no crown photo or there is none before it.
 */
export function crownProgressAmong(
  earlier: EarlierRating[],
  item: Pick<RatingItem, 'createdAt' | 'id' | 'identity'> & { crown?: CrownFields },
): Progress | null {
  // a crown photo counts as the user's through the face photo analysed with it
  const current = isYours(item) ? crownPhotoOf(item) : null;
  if (!current) return null;
  const previous = photosOf(earlier.filter(isYours)).find((r) => viewKindOf(r) === 'crown');
  return previous ? progressBetween(current, previous) : null;
}
