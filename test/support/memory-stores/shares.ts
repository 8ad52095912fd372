/** ShareStore in memory: creating and revoking a link change the share and its rating together or not at all. */
import type { ShareStore } from '#lambdas/domain/ports/shares.ts';
import { copy, type MemoryTables } from './state.ts';

export function memoryShareStore(t: MemoryTables): ShareStore {
  const shares = t.shares;
  return {
    async get(shareId) {
      const s = shares.get(shareId);
      return s && copy(s);
    },

    async create(share) {
      const owner = t.users.get(share.userId);
      if (!owner || owner.deletedAt !== undefined) return 'account-deleted';
      const rating = t.ratings.get(share.ratingId);
      if (shares.has(share.shareId) || rating?.userId !== share.userId || rating.shareId !== undefined)
        return 'conflict';
      shares.set(share.shareId, copy(share));
      rating.shareId = share.shareId;
      return 'created';
    },

    async updateOptions(key, options, now) {
      const s = shares.get(key.shareId);
      if (s?.ratingId !== key.ratingId || s.userId !== key.userId) return undefined;
      if (options.anonymous !== undefined) s.anonymous = options.anonymous;
      if (options.includePhoto !== undefined) s.includePhoto = options.includePhoto;
      s.updatedAt = now;
      return copy(s);
    },

    async put(share) {
      shares.set(share.shareId, copy(share));
    },

    async revoke(userId, ratingId, shareId) {
      const rating = t.ratings.get(ratingId);
      if (rating?.userId !== userId || rating.shareId !== shareId) return false;
      shares.delete(shareId);
      delete rating.shareId;
      return true;
    },

    async delete(shareId) {
      shares.delete(shareId);
    },

    async deleteMany(shareIds) {
      for (const id of shareIds) shares.delete(id);
    },
  };
}
