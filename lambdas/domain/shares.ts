/**
 * Public share links of single ratings. The owner makes one link per rating (an unguessable 128-bit id in the shares
 * table; the rating keeps its shareId so the link can be revoked), chooses whether it shows their username and photo,
 * and can revoke it. Anyone with the link reads a fixed whitelist of fields: never the e-mail, ids or Stripe data.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SharedCrown, SharedRating, ShareCreated, ShareRequest } from '#shared/schemas.ts';
import { isShareId, SHARE_ID_BYTES } from '#shared/share-id.ts';
import { accountDeleted, notFound } from './errors.ts';
import { asBytes, cancellationReasons, isConditionalCheckFailed, systemClock, type Clock, type Db } from './db.ts';
import { API_MESSAGES } from './messages.ts';
import { MAX_RATING_ID_LENGTH, type CrownItem, type RatingItem } from './ratings.ts';
import { LIVE_PROFILE } from './users.ts';

/** The stored share: options and owner; the rating's data is read live, so edits and deletions show at once. */
export interface ShareItem {
  shareId: string;
  ratingId: string;
  userId: string;
  anonymous: boolean;
  includePhoto: boolean;
  createdAt: string;
  updatedAt: string;
}

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

type OwnRating = Pick<RatingItem, 'id' | 'userId' | 'shareId'>;

/** The caller's rating (id, owner, shareId); unknown or someone else's: not found, as GET /api/ratings/{id}. */
async function ownRating(db: Db, userId: string, ratingId: string): Promise<OwnRating> {
  if (ratingId.length > MAX_RATING_ID_LENGTH) throw notFound(API_MESSAGES.ratingNotFound);
  const out = await db.doc.send(
    new GetCommand({
      TableName: db.tables.ratings,
      Key: { id: ratingId },
      ConsistentRead: true,
      ProjectionExpression: 'id, userId, shareId',
    }),
  );
  const item = out.Item as OwnRating | undefined;
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
        share: created(deps, await updateShare(deps.db, rating as OwnRating & { shareId: string }, options, now)),
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
    try {
      await deps.db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            // a deleted account's tombstone stops a share from being made while the deletion sweeps (account.ts)
            { ConditionCheck: { TableName: deps.db.tables.users, Key: { userId }, ConditionExpression: LIVE_PROFILE } },
            {
              Put: {
                TableName: deps.db.tables.shares,
                Item: share,
                ConditionExpression: 'attribute_not_exists(shareId)',
              },
            },
            {
              Update: {
                TableName: deps.db.tables.ratings,
                Key: { id: ratingId },
                UpdateExpression: 'SET shareId = :s',
                ConditionExpression: 'userId = :u AND attribute_not_exists(shareId)',
                ExpressionAttributeValues: { ':s': share.shareId, ':u': userId },
              },
            },
          ],
        }),
      );
      return { created: true, share: created(deps, share) };
    } catch (err) {
      const reasons = cancellationReasons(err);
      if (!reasons) throw err;
      if (reasons[0]?.Code === 'ConditionalCheckFailed') throw accountDeleted();
      // another request shared (or deleted) the rating meanwhile: look again
      rating = await ownRating(deps.db, userId, ratingId);
    }
  }
  throw new Error(`could not share rating ${ratingId}`);
}

async function updateShare(
  db: Db,
  rating: OwnRating & { shareId: string },
  options: ShareRequest,
  now: string,
): Promise<ShareItem> {
  const sets = ['updatedAt = :now'];
  const values: Record<string, unknown> = { ':now': now, ':r': rating.id, ':u': rating.userId };
  if (options.anonymous !== undefined) {
    sets.push('anonymous = :a');
    values[':a'] = options.anonymous;
  }
  if (options.includePhoto !== undefined) {
    sets.push('includePhoto = :p');
    values[':p'] = options.includePhoto;
  }
  try {
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.tables.shares,
        Key: { shareId: rating.shareId },
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'ratingId = :r AND userId = :u',
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as ShareItem;
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
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
  await db.doc.send(new PutCommand({ TableName: db.tables.shares, Item: share }));
  return share;
}

/** Revokes the rating's share link (the public endpoints find nothing afterwards); nothing to revoke is fine. */
export async function revokeShare(deps: Pick<SharesDeps, 'db'>, userId: string, ratingId: string): Promise<void> {
  const db = deps.db;
  let rating = await ownRating(db, userId, ratingId);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS && rating.shareId; attempt++) {
    try {
      await db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: db.tables.shares, Key: { shareId: rating.shareId } } },
            {
              Update: {
                TableName: db.tables.ratings,
                Key: { id: ratingId },
                UpdateExpression: 'REMOVE shareId',
                ConditionExpression: 'userId = :u AND shareId = :s',
                ExpressionAttributeValues: { ':u': userId, ':s': rating.shareId },
              },
            },
          ],
        }),
      );
      return;
    } catch (err) {
      if (!cancellationReasons(err)) throw err;
      rating = await ownRating(db, userId, ratingId);
    }
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
  const shareOut = await db.doc.send(
    new GetCommand({ TableName: db.tables.shares, Key: { shareId }, ConsistentRead: true }),
  );
  const share = shareOut.Item as ShareItem | undefined;
  if (!share) throw gone();
  const ratingOut = await db.doc.send(
    new GetCommand({ TableName: db.tables.ratings, Key: { id: share.ratingId }, ConsistentRead: true }),
  );
  const rating = ratingOut.Item as RatingItem | undefined;
  if (!rating || rating.userId !== share.userId || rating.shareId !== shareId) throw gone();

  // the owner is read for every share, named or not: from the moment deletion marks the profile (a tombstone, before
  // the sweep reaches this share) the share is gone for everyone
  const userOut = await db.doc.send(
    new GetCommand({
      TableName: db.tables.users,
      Key: { userId: share.userId },
      ProjectionExpression: 'username, deletedAt',
      ConsistentRead: true,
    }),
  );
  if (!userOut.Item || userOut.Item.deletedAt) throw gone();
  let displayName = ANONYMOUS_NAME;
  if (!share.anonymous) {
    const username: unknown = userOut.Item.username;
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
