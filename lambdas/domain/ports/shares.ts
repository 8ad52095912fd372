/** The shares table as the domain needs it: one item per public link, naming its rating and owner. */
import type { ShareRequest } from '#shared/schemas.ts';

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

export interface ShareStore {
  /** strongly consistent */
  get(shareId: string): Promise<ShareItem | undefined>;
  /**
   * One transaction: the owner's profile is live ('account-deleted' otherwise), the share id is new and the rating is
   * the owner's without a share ('conflict' otherwise); then the share is stored and named on the rating.
   */
  create(share: ShareItem): Promise<'created' | 'account-deleted' | 'conflict'>;
  /** sets the options given and updatedAt on the share, while it still names this rating and owner; else undefined */
  updateOptions(
    key: Pick<ShareItem, 'shareId' | 'ratingId' | 'userId'>,
    options: ShareRequest,
    now: string,
  ): Promise<ShareItem | undefined>;
  put(share: ShareItem): Promise<void>;
  /** One transaction: deletes the share and removes it from its rating, while the rating is `userId`'s with this share. */
  revoke(userId: string, ratingId: string, shareId: string): Promise<boolean>;
  delete(shareId: string): Promise<void>;
  deleteMany(shareIds: string[]): Promise<void>;
}
