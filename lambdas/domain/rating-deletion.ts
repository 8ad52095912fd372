/** Deleting ratings: one of the caller's, or all of an account's, each with its share link. */
import { notFound } from './errors.ts';
import { API_MESSAGES } from './messages.ts';
import type { Db } from './db.ts';
import type { RatingsCursorKey } from './rating-cursors.ts';
import { MAX_RATING_ID_LENGTH } from './ratings.ts';

/** Deletes one of the caller's ratings and its share link; unknown, already deleted or someone else's: not found. */
export async function deleteRating(db: Db, userId: string, id: string): Promise<void> {
  if (id.length > MAX_RATING_ID_LENGTH) throw notFound(API_MESSAGES.ratingNotFound);
  // one answer for "not yours" and "not there"
  const old = await db.ratings.deleteOwned(userId, id);
  if (!old) throw notFound(API_MESSAGES.ratingNotFound);
  // the share as it was at the moment of deletion (public reads also check that the rating still exists)
  if (typeof old.shareId === 'string') await db.shares.delete(old.shareId);
}

/** Deletes every rating of the user and their share links, a page at a time. Returns how many ratings. */
export async function deleteAllRatings(db: Db, userId: string): Promise<number> {
  let deleted = 0;
  let start: RatingsCursorKey | undefined;
  do {
    const page = await db.ratings.keysOf(userId, start);
    // shares first: the public links die before the ratings they show
    const shareIds = page.items.map((i) => i.shareId).filter((s): s is string => typeof s === 'string');
    await db.shares.deleteMany(shareIds);
    // one by one, reading back what was deleted: a share made after the index was read (it lags) is not left behind
    for (const i of page.items) {
      const late = (await db.ratings.delete(i.id))?.shareId;
      if (typeof late === 'string' && !shareIds.includes(late)) await db.shares.delete(late);
    }
    deleted += page.items.length;
    start = page.next;
  } while (start);
  return deleted;
}
