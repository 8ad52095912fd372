/**
 * DynamoDB tables: key schema shared by the CDK stack and the local stack's table bootstrap.
 * Attribute names here are the only place they are spelled.
 */
export interface TableDef {
  /** logical name; the physical name comes from the environment (USERS_TABLE, ...) */
  id: 'users' | 'ratings' | 'uploads' | 'shares' | 'reminders';
  envVar: string;
  partitionKey: string;
  sortKey?: string;
  ttlAttribute?: string;
  indexes: { name: string; partitionKey: string; sortKey: string }[];
}

export const TABLES = {
  users: { id: 'users', envVar: 'USERS_TABLE', partitionKey: 'userId', indexes: [] },
  ratings: {
    id: 'ratings',
    envVar: 'RATINGS_TABLE',
    partitionKey: 'id',
    indexes: [{ name: 'byUser', partitionKey: 'userId', sortKey: 'createdAt' }],
  },
  /** short-lived uploads (1 hour) and per-client upload rate counters; expired by TTL */
  uploads: { id: 'uploads', envVar: 'UPLOADS_TABLE', partitionKey: 'id', ttlAttribute: 'expiresAt', indexes: [] },
  /** public share links of single ratings (unguessable shareId); the rating item keeps its shareId for revocation */
  shares: { id: 'shares', envVar: 'SHARES_TABLE', partitionKey: 'shareId', indexes: [] },
  /**
   * retake reminders, one per user who turned them on; the sender queries byDue for the ones whose time has come
   * (every item has the same `schedule`, so one query returns them in time order)
   */
  reminders: {
    id: 'reminders',
    envVar: 'REMINDERS_TABLE',
    partitionKey: 'userId',
    indexes: [{ name: 'byDue', partitionKey: 'schedule', sortKey: 'dueAt' }],
  },
} as const satisfies Record<string, TableDef>;

export const TABLE_LIST: readonly TableDef[] = Object.values(TABLES);
