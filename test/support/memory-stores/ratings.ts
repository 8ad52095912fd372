/** RatingStore in memory: the byUser index is a sort of the owner's items by createdAt; projections as in DynamoDB. */
import type { EarlierRating } from '#lambdas/domain/progress.ts';
import type { RatingsCursorKey } from '#lambdas/domain/rating-cursors.ts';
import type { RatingItem } from '#lambdas/domain/rating-item.ts';
import type { RatingOwnership, RatingStore, SummaryQuery } from '#lambdas/domain/ports/ratings.ts';
import { copy, type MemoryTables } from './state.ts';

const keyOf = (r: RatingItem): RatingsCursorKey => ({ id: r.id, userId: r.userId, createdAt: r.createdAt });
const ownership = (r: RatingItem): RatingOwnership => ({
  id: r.id,
  userId: r.userId,
  ...(r.shareId !== undefined ? { shareId: r.shareId } : {}),
});
/** newer first, as the index reads backwards (createdAt, then id) */
const newestFirst = (a: RatingItem, b: RatingItem) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
const isAfter = (r: RatingItem, start: RatingsCursorKey) =>
  newestFirst(r, { ...r, createdAt: start.createdAt, id: start.id }) > 0;

function summaryOf(r: RatingItem, q: SummaryQuery): RatingItem {
  const { overlay: _overlay, shareId, thumbnail, crown, ...rest } = copy(r);
  const summary = { ...rest } as RatingItem;
  if (q.thumbnails !== false) summary.thumbnail = thumbnail;
  if (q.shareIds && shareId !== undefined) summary.shareId = shareId;
  if (crown) {
    const { thumbnail: _t, overlay: _o, ...crownSummary } = crown;
    summary.crown = crownSummary;
  }
  return summary;
}

function earlierOf(r: RatingItem): EarlierRating {
  const c = copy(r);
  return {
    id: c.id,
    createdAt: c.createdAt,
    score: c.score,
    measurements: c.measurements,
    norwoodStage: c.norwoodStage,
    ...(c.captureConditions ? { captureConditions: c.captureConditions } : {}),
    ...(c.identity ? { identity: c.identity } : {}),
    ...(c.photoOf ? { photoOf: c.photoOf } : {}),
    ...(c.faceDescriptor ? { faceDescriptor: c.faceDescriptor } : {}),
    ...(c.crown
      ? {
          crown: {
            measurements: c.crown.measurements,
            norwoodStage: c.crown.norwoodStage,
            ...(typeof c.crown.score === 'number' ? { score: c.crown.score } : {}),
            ...(c.crown.captureConditions ? { captureConditions: c.crown.captureConditions } : {}),
          },
        }
      : {}),
  };
}

export function memoryRatingStore(t: MemoryTables): RatingStore {
  const ratings = t.ratings;
  const ownersNewestFirst = (userId: string) =>
    [...ratings.values()].filter((r) => r.userId === userId).sort(newestFirst);

  return {
    async recordClosingReservation(item) {
      const user = t.users.get(item.userId);
      if (user?.pendingAnalysis?.id !== item.id) return 'reservation-lost';
      if (ratings.has(item.id)) throw new Error(`rating ${item.id} exists (transaction cancelled)`);
      delete user.pendingAnalysis;
      user.updatedAt = item.createdAt;
      ratings.set(item.id, copy(item));
      return 'recorded';
    },

    async get(id) {
      const r = ratings.get(id);
      return r && copy(r);
    },

    async ownershipOf(id) {
      const r = ratings.get(id);
      return r && ownership(r);
    },

    async summaries(userId, q) {
      let items = ownersNewestFirst(userId);
      if (q.start) items = items.filter((r) => isAfter(r, q.start!));
      // `next` only when more remain (DynamoDB may also give one when the page ended exactly at the last item)
      const more = q.limit !== undefined && items.length > q.limit;
      if (q.limit !== undefined) items = items.slice(0, q.limit);
      const last = items.at(-1);
      // as DynamoDB: Limit bounds the items read, the filter then keeps the match among them
      if (q.clientRequestId) items = items.filter((r) => r.clientRequestId === q.clientRequestId);
      return { items: items.map((r) => summaryOf(r, q)), ...(more && last ? { next: keyOf(last) } : {}) };
    },

    async earlier(userId, createdAt, limit) {
      return ownersNewestFirst(userId)
        .filter((r) => r.createdAt < createdAt)
        .slice(0, limit)
        .map(earlierOf);
    },

    async keysOf(userId) {
      return { items: ownersNewestFirst(userId).map(ownership) };
    },

    async deleteOwned(userId, id) {
      const r = ratings.get(id);
      if (r?.userId !== userId) return undefined;
      ratings.delete(id);
      return ownership(r);
    },

    async delete(id) {
      const r = ratings.get(id);
      ratings.delete(id);
      return r && ownership(r);
    },

    async setIdentity(userId, id, identity) {
      const r = ratings.get(id);
      if (r?.userId !== userId) return false;
      Object.assign(r, { identity, identityBy: 'answer' });
      if (identity !== 'you') delete r.faceDescriptor;
      return true;
    },

    async forgetFaces(userId) {
      const held = ownersNewestFirst(userId).filter((r) => r.faceDescriptor !== undefined);
      for (const r of held) delete r.faceDescriptor;
      return held.length;
    },

    async forgetFace(id) {
      delete ratings.get(id)?.faceDescriptor;
    },
  };
}
