/** Photos uploaded ahead of an analysis (the uploads table), kept for an hour. */
export interface UploadItem {
  id: string;
  kind: 'upload';
  jpeg: Uint8Array;
  createdAt: string;
  /** epoch seconds; the table's TTL removes the item some time after */
  expiresAt: number;
}

export interface UploadStore {
  /** stores a new upload (ConditionFailed when the id exists) */
  put(item: UploadItem): Promise<void>;
  /** strongly consistent; whatever is stored under the id, expired or not */
  get(id: string): Promise<Partial<UploadItem> | undefined>;
  delete(id: string): Promise<void>;
}
