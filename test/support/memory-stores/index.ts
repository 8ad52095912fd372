/**
 * The domain's stores in memory, for unit tests of the domain: each honours the conditions of its DynamoDB
 * counterpart (lambdas/adapters/store/), so a write DynamoDB would refuse is refused here with the same result or
 * error. `tables` is there for a test to arrange or inspect state directly.
 */
import type { Db } from '#lambdas/domain/db.ts';
import { memoryRatingStore } from './ratings.ts';
import { memoryShareStore } from './shares.ts';
import { emptyTables, type MemoryTables } from './state.ts';
import { memoryCounterStore, memoryReminderStore, memoryUploadStore } from './uploads.ts';
import { memoryUserStore } from './users.ts';

export function memoryDb(tables: MemoryTables = emptyTables()): Db & { tables: MemoryTables } {
  return {
    tables,
    users: memoryUserStore(tables),
    ratings: memoryRatingStore(tables),
    shares: memoryShareStore(tables),
    uploads: memoryUploadStore(tables),
    counters: memoryCounterStore(tables),
    reminders: memoryReminderStore(tables),
  };
}

/** `db` telling `record` of every store call as it happens ('users.get', 'ratings.summaries', …). */
export function recordingCalls<T extends Db>(db: T, record: (call: string) => void): T {
  const wrap = <S extends object>(name: string, store: S): S =>
    new Proxy(store, {
      get(target, method: string | symbol) {
        const value: unknown = Reflect.get(target, method);
        if (typeof value !== 'function' || typeof method !== 'string') return value;
        return (...args: unknown[]) => {
          record(`${name}.${method}`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const out = { ...db };
  for (const key of ['users', 'ratings', 'shares', 'uploads', 'counters', 'reminders'] as const) {
    (out as Db)[key] = wrap(key, db[key]) as never;
  }
  return out;
}
