/**
 * Reading hairline ratings: the owner's paginated history, the lookup of an analyze call's rating, and one rating with
 * its progress since the previous one. The item (rating-item.ts), its wire shape (rating-mapping.ts), the cursors
 * (rating-cursors.ts), progress (progress.ts, pure) and deletion (rating-deletion.ts) each have their own module.
 */
import type { AnalysisResult, Progress } from '#shared/schemas.ts';
import { CLIENT_REQUEST_ID_PATTERN } from '#shared/client-request-id.ts';
import { invalidInput, notFound } from './errors.ts';
import { API_MESSAGES } from './messages.ts';
import type { Db } from './db.ts';
import { isYours } from '#shared/face-identity.ts';
import {
  crownProgressAmong,
  progressAmong,
  PROGRESS_LOOKBACK,
  type CrownFields,
  type ProgressFields,
} from './progress.ts';
import { decodeCursor, encodeCursor } from './rating-cursors.ts';
import type { RatingItem } from './rating-item.ts';
import { toResult } from './rating-mapping.ts';

export interface RatingsPage {
  items: AnalysisResult[];
  nextCursor: string | null;
}

/** The user's ratings, newest first, without overlays. */
export async function listRatings(
  db: Db,
  userId: string,
  opts: { limit: number; cursor?: string },
): Promise<RatingsPage> {
  const start = opts.cursor ? decodeCursor(opts.cursor, userId) : undefined;
  const { items, next } = await db.ratings.summaries(userId, { limit: opts.limit, ...(start ? { start } : {}) });
  return {
    items: items.map((item) => toResult(item, { withOverlay: false })),
    nextCursor: next ? encodeCursor(next) : null,
  };
}

/** How many of the newest ratings a client-request lookup reads: the call it asks about was one of the latest. */
export const CLIENT_REQUEST_LOOKBACK = 50;

/** The caller's rating made by the analyze call `clientRequestId` (a page of zero or one item). */
export async function findByClientRequest(db: Db, userId: string, clientRequestId: string): Promise<RatingsPage> {
  if (!CLIENT_REQUEST_ID_PATTERN.test(clientRequestId)) throw invalidInput(API_MESSAGES.invalidClientRequestId);
  const { items } = await db.ratings.summaries(userId, { limit: CLIENT_REQUEST_LOOKBACK, clientRequestId });
  return { items: items.slice(0, 1).map((item) => toResult(item, { withOverlay: false })), nextCursor: null };
}

/** Rating ids are UUIDs (or short fixture ids); anything longer is unknown without asking the store. */
export const MAX_RATING_ID_LENGTH = 128;

/** One of the caller's ratings, with the progress since the previous one; someone else's or unknown: not found. */
export async function getRating(db: Db, userId: string, id: string): Promise<AnalysisResult> {
  if (id.length > MAX_RATING_ID_LENGTH) throw notFound(API_MESSAGES.ratingNotFound);
  const item = await db.ratings.get(id);
  if (!item || item.userId !== userId) throw notFound(API_MESSAGES.ratingNotFound);
  const result = { ...toResult(item, { withOverlay: true }), progress: await progressFor(db, item) };
  if (result.crown) result.crown.progress = await crownProgressFor(db, item);
  return result;
}

/**
 * The change since the user's previous rating of their own (of the same view if there is one); null for the first, and
 * for a rating that is not (or not yet) theirs.
 */
export async function progressFor(db: Db, item: ProgressFields & Pick<RatingItem, 'userId'>): Promise<Progress | null> {
  if (!isYours(item)) return null;
  return progressAmong(await db.ratings.earlier(item.userId, item.createdAt, PROGRESS_LOOKBACK), item);
}

/** The crown photo's change since the user's previous crown photo; null without a crown photo or an earlier one. */
export async function crownProgressFor(
  db: Db,
  item: Pick<RatingItem, 'userId' | 'createdAt' | 'id' | 'identity'> & { crown?: CrownFields },
): Promise<Progress | null> {
  if (!item.crown || !isYours(item)) return null;
  return crownProgressAmong(await db.ratings.earlier(item.userId, item.createdAt, PROGRESS_LOOKBACK), item);
}
