/**
 * Public share links of single ratings. The owner makes one link per rating (an unguessable 128-bit id in the shares
 * table; the rating keeps its shareId so the link can be revoked), chooses whether it shows their username and photo,
 * and can revoke it. Anyone with the link reads a fixed whitelist of fields: never the e-mail, ids or Stripe data.
 */
import { randomBytes } from 'node:crypto';
import type { SharedCrown, SharedRating, ShareCreated, ShareRequest } from '#shared/schemas.ts';
import { isShareId, SHARE_ID_BYTES } from '#shared/share-id.ts';
import { accountDeleted, notFound } from './errors.ts';
import { asBytes } from './bytes.ts';
import { systemClock, type Clock, type Db } from './db.ts';
import { API_MESSAGES } from './messages.ts';
import type { RatingOwnership } from './ports/ratings.ts';
import type { ShareItem } from './ports/shares.ts';
import type { CrownItem } from './rating-item.ts';
import { MAX_RATING_ID_LENGTH } from './ratings.ts';

export type { ShareItem } from './ports/shares.ts';

export interface SharesDeps {
  db: Db;
  /** the site's origin: links are `${siteUrl}/r/${shareId}` */
  siteUrl: string;
  clock?: Clock;
  newId?: () => string;
}

export const newShareId = () => randomBytes(SHARE_ID_BYTES).toString('base64url');

export const siteOrigin = (siteUrl: string) => siteUrl.replace(/\/+$/, '');
export const shareUrl = (siteUrl: string, shareId: string) => `${siteOrigin(siteUrl)}/r/${shareId}`;
export const shareCardUrl = (siteUrl: string, shareId: string) =>
  `${siteOrigin(siteUrl)}/api/shares/${shareId}/card.png`;

export const ANONYMOUS_NAME = 'Anonymous';
const MAX_ATTEMPTS = 4;

/** The caller's rating (id, owner, shareId); unknown or someone else's: not found, as GET /api/ratings/{id}. */
async function ownRating(db: Db, userId: string, ratingId: string): Promise<RatingOwnership> {
  if (ratingId.length > MAX_RATING_ID_LENGTH) throw notFound(API_MESSAGES.ratingNotFound);
  const item = await db.ratings.ownershipOf(ratingId);
  if (!item || item.userId !== userId) throw notFound(API_MESSAGES.ratingNotFound);
  return item;
}

const created = (deps: SharesDeps, share: ShareItem): ShareCreated => ({
  shareId: share.shareId,
  url: shareUrl(deps.siteUrl, share.shareId),
  anonymous: share.anonymous,
  includePhoto: share.includePhoto,
});

/**
 * Creates the rating's share link, or updates the options of its existing one (same id; options left out keep their
 * value). One link per rating under any concurrency: the rating's shareId is set only where it has none.
 */
export async function shareRating(
  deps: SharesDeps,
  userId: string,
  ratingId: string,
  options: ShareRequest,
): Promise<{ created: boolean; share: ShareCreated }> {
  const now = (deps.clock ?? systemClock).now().toISOString();
  let rating = await ownRating(deps.db, userId, ratingId);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    if (rating.shareId) {
      return {
        created: false,
        share: created(deps, await updateShare(deps.db, rating as RatingOwnership & { shareId: string }, options, now)),
      };
    }
    const share: ShareItem = {
      shareId: (deps.newId ?? newShareId)(),
      ratingId,
      userId,
      anonymous: options.anonymous ?? false,
      includePhoto: options.includePhoto ?? false,
      createdAt: now,
      updatedAt: now,
    };
    const outcome = await deps.db.shares.create(share);
    if (outcome === 'created') return { created: true, share: created(deps, share) };
    // a deleted account's tombstone stops a share from being made while the deletion sweeps (account.ts)
    if (outcome === 'account-deleted') throw accountDeleted();
    // another request shared (or deleted) the rating meanwhile: look again
    rating = await ownRating(deps.db, userId, ratingId);
  }
  throw new Error(`could not share rating ${ratingId}`);
}

async function updateShare(
  db: Db,
  rating: RatingOwnership & { shareId: string },
  options: ShareRequest,
  now: string,
): Promise<ShareItem> {
  const updated = await db.shares.updateOptions(
    { shareId: rating.shareId, ratingId: rating.id, userId: rating.userId },
    options,
    now,
  );
  if (updated) return updated;
  // the rating names a share item that is gone (a half-finished revoke): make it again under the same id
  const share: ShareItem = {
    shareId: rating.shareId,
    ratingId: rating.id,
    userId: rating.userId,
    anonymous: options.anonymous ?? false,
    includePhoto: options.includePhoto ?? false,
    createdAt: now,
    updatedAt: now,
  };
  await db.shares.put(share);
  return share;
}

/** Revokes the rating's share link (the public endpoints find nothing afterwards); nothing to revoke is fine. */
export async function revokeShare(deps: Pick<SharesDeps, 'db'>, userId: string, ratingId: string): Promise<void> {
  const db = deps.db;
  let rating = await ownRating(db, userId, ratingId);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS && rating.shareId; attempt++) {
    if (await db.shares.revoke(userId, ratingId, rating.shareId)) return;
    rating = await ownRating(db, userId, ratingId);
  }
  if (rating.shareId) throw new Error(`could not revoke the share of rating ${ratingId}`);
}

/** What the public endpoints need: the whitelisted view, plus the images when the owner included the photo. */
export interface PublicShare {
  view: SharedRating;
  /** JPEG thumbnail, only with includePhoto */
  photo?: Uint8Array;
  /** the crown photo's JPEG thumbnail, only with includePhoto (the same rule as the face photo) */
  crownPhoto?: Uint8Array;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/** Reads a share for anyone with the link; unknown, malformed or revoked ids, deleted ratings and deleted (or deleting) owners: not found. */
export async function readPublicShare(db: Db, shareId: string): Promise<PublicShare> {
  const gone = () => notFound(API_MESSAGES.shareNotFound);
  if (!isShareId(shareId)) throw gone();
  const share = await db.shares.get(shareId);
  if (!share) throw gone();
  const rating = await db.ratings.get(share.ratingId, { consistent: true });
  if (!rating || rating.userId !== share.userId || rating.shareId !== shareId) throw gone();

  // the owner is read for every share, named or not: from the moment deletion marks the profile (a tombstone, before
  // the sweep reaches this share) the share is gone for everyone
  const owner = await db.users.get(share.userId);
  if (!owner || owner.deletedAt) throw gone();
  let displayName = ANONYMOUS_NAME;
  if (!share.anonymous) {
    const username: unknown = owner.username;
    if (typeof username === 'string' && username.trim()) displayName = username.trim();
  }

  const thumbnail = share.includePhoto ? asBytes(rating.thumbnail) : undefined;
  const overlay = share.includePhoto ? asBytes(rating.overlay) : undefined;
  const crownThumbnail = share.includePhoto ? asBytes(rating.crown?.thumbnail) : undefined;
  const crownOverlay = share.includePhoto ? asBytes(rating.crown?.overlay) : undefined;
  // an explicit whitelist: nothing of the rating or the profile leaks by being added to the item later
  const view: SharedRating = {
    shareId,
    displayName,
    score: rating.score,
    rating: rating.rating,
    recessionLevel: rating.recessionLevel,
    density: rating.density,
    foreheadSize: rating.foreheadSize,
    hairlineAge: rating.hairlineAge,
    yearsUntilBald: rating.yearsUntilBald,
    health: rating.health,
    norwoodStage: rating.norwoodStage,
    createdAt: rating.createdAt,
    ...(thumbnail ? { imageBase64: b64(thumbnail) } : {}),
    ...(overlay ? { overlayBase64: b64(overlay) } : {}),
    ...(rating.crown ? { crownMeasured: true, crown: sharedCrown(rating.crown) } : {}),
    ...(crownThumbnail ? { crownImageBase64: b64(crownThumbnail) } : {}),
    ...(crownOverlay ? { crownOverlayBase64: b64(crownOverlay) } : {}),
  };
  return {
    view,
    ...(thumbnail ? { photo: thumbnail } : {}),
    ...(crownThumbnail ? { crownPhoto: crownThumbnail } : {}),
  };
}

/** The crown's key figures, picked field by field like the rest of the whitelist. */
function sharedCrown(crown: CrownItem): SharedCrown {
  return {
    norwoodStage: crown.norwoodStage,
    frontalCoverage: crown.measurements.frontalCoverage,
    topCoverage: crown.measurements.topCoverage ?? null,
  };
}
