/**
 * The ratings table as the domain needs it. Reads of the owner's history go newest first through an index by owner
 * (eventually consistent); a rating by id is read strongly consistent where the domain decides on it.
 */
import type { EarlierRating } from '../progress.ts';
import type { RatingsCursorKey } from '../rating-cursors.ts';
import type { RatingItem } from '../rating-item.ts';

/** Who owns a rating and its share link: what the sharing rules decide on. */
export type RatingOwnership = Pick<RatingItem, 'id' | 'userId' | 'shareId'>;

export interface SummaryQuery {
  /** at most this many ratings are read (absent: all, page by page) */
  limit?: number;
  /** continue after this key (a page's `next`) */
  start?: RatingsCursorKey;
  /** of the ratings read, only the one made by this analyze call */
  clientRequestId?: string;
  /** the thumbnail too (default true) */
  thumbnails?: boolean;
  /** the rating's share id too (default false) */
  shareIds?: boolean;
}

/**
 * Summaries: the rating without its overlay and without the crown photo's images (lists never carry them), and
 * without shareId unless asked.
 */
export interface RatingsPage {
  items: RatingItem[];
  /** where the next page starts; absent on the last */
  next?: RatingsCursorKey;
}

export interface RatingStore {
  /**
   * One transaction: stores the new rating and closes its analysis's reservation (on the owner's user item, the
   * credit stays spent), only while that reservation (id = the rating's id) is in flight. Transient conflicts are
   * retried inside.
   */
  recordClosingReservation(item: RatingItem): Promise<'recorded' | 'reservation-lost'>;
  get(id: string, opts?: { consistent?: boolean }): Promise<RatingItem | undefined>;
  /** strongly consistent */
  ownershipOf(id: string): Promise<RatingOwnership | undefined>;
  /** the owner's ratings, newest first, as summaries */
  summaries(userId: string, query: SummaryQuery): Promise<RatingsPage>;
  /** the owner's ratings created before `createdAt`, newest first, at most `limit` */
  earlier(userId: string, createdAt: string, limit: number): Promise<EarlierRating[]>;
  /** the owner's rating ids with their share ids, a page at a time */
  keysOf(userId: string, start?: RatingsCursorKey): Promise<{ items: RatingOwnership[]; next?: RatingsCursorKey }>;
  /** deletes the rating if it is `userId`'s: what it held, or undefined when it was not there or not theirs */
  deleteOwned(userId: string, id: string): Promise<RatingOwnership | undefined>;
  /** deletes the rating whatever it is: what it held, if anything */
  delete(id: string): Promise<RatingOwnership | undefined>;
  /**
   * the owner's answer to "Is this you?": sets the rating's identity (by 'answer'), and for 'someone-else' deletes its face
   * descriptor; false when the rating is not there or not `userId`'s
   */
  setIdentity(userId: string, id: string, identity: 'you' | 'someone-else'): Promise<boolean>;
  /** deletes the face descriptor of every rating of the owner; how many had one */
  forgetFaces(userId: string): Promise<number>;
  /** deletes the face descriptor of one rating, if it is still there */
  forgetFace(id: string): Promise<void>;
}
