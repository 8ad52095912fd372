/**
 * What the domain needs from storage: one store per table, each declared by the domain (ports/) and implemented in
 * lambdas/adapters/store/ (DynamoDB) and test/support/memory-stores/ (in memory, for the domain's unit tests). The
 * domain speaks only these interfaces: it never sees a table name, an expression or the SDK.
 */
import type { CounterStore } from './ports/counters.ts';
import type { RatingStore } from './ports/ratings.ts';
import type { ReminderStore } from './ports/reminders.ts';
import type { ShareStore } from './ports/shares.ts';
import type { UploadStore } from './ports/uploads.ts';
import type { UserStore } from './ports/users.ts';

export interface Db {
  users: UserStore;
  ratings: RatingStore;
  shares: ShareStore;
  uploads: UploadStore;
  /** the rate limits' counters (kept in the uploads table) */
  counters: CounterStore;
  reminders: ReminderStore;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
