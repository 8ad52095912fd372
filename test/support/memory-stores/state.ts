/**
 * The tables of the in-memory stores. Items are copied in and out (as DynamoDB returns copies), and every method
 * checks its condition and writes without an await in between, so each is as atomic as its DynamoDB counterpart.
 */
import type { RatingItem } from '#lambdas/domain/rating-item.ts';
import type { ReminderItem } from '#lambdas/domain/ports/reminders.ts';
import type { ShareItem } from '#lambdas/domain/ports/shares.ts';
import type { UploadItem } from '#lambdas/domain/ports/uploads.ts';
import type { UserItem } from '#lambdas/domain/ports/users.ts';

export interface MemoryTables {
  users: Map<string, UserItem>;
  ratings: Map<string, RatingItem>;
  shares: Map<string, ShareItem>;
  uploads: Map<string, UploadItem>;
  counters: Map<string, { count: number; expiresAt: number }>;
  reminders: Map<string, ReminderItem>;
  /** the global record of credited Checkout Sessions: session id → the user it was credited to */
  creditedSessions: Map<string, string>;
}

export const emptyTables = (): MemoryTables => ({
  users: new Map(),
  ratings: new Map(),
  shares: new Map(),
  uploads: new Map(),
  counters: new Map(),
  reminders: new Map(),
  creditedSessions: new Map(),
});

export const copy = <T>(v: T): T => structuredClone(v);
