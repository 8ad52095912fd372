/** UploadStore, CounterStore and ReminderStore in memory: the small tables. */
import { ConditionFailed } from '#lambdas/domain/ports/condition-failed.ts';
import type { CounterStore } from '#lambdas/domain/ports/counters.ts';
import type { ReminderStore } from '#lambdas/domain/ports/reminders.ts';
import type { UploadStore } from '#lambdas/domain/ports/uploads.ts';
import { copy, type MemoryTables } from './state.ts';

export function memoryUploadStore(t: MemoryTables): UploadStore {
  return {
    async put(item) {
      if (t.uploads.has(item.id)) throw new ConditionFailed(`upload ${item.id} exists`);
      t.uploads.set(item.id, copy(item));
    },
    async get(id) {
      const u = t.uploads.get(id);
      return u && copy(u);
    },
    async delete(id) {
      t.uploads.delete(id);
    },
  };
}

export function memoryCounterStore(t: MemoryTables): CounterStore {
  return {
    async add(key, expiresAt) {
      const c = t.counters.get(key) ?? { count: 0, expiresAt };
      c.count += 1;
      t.counters.set(key, c);
      return c.count;
    },
    async read(key) {
      return t.counters.get(key)?.count ?? 0;
    },
  };
}

export function memoryReminderStore(t: MemoryTables): ReminderStore {
  return {
    async get(userId) {
      const r = t.reminders.get(userId);
      return r && copy(r);
    },
    async putWhileLive(item) {
      const user = t.users.get(item.userId);
      if (user === undefined || user.deletedAt !== undefined) return false;
      t.reminders.set(item.userId, copy(item));
      return true;
    },
    async delete(userId) {
      t.reminders.delete(userId);
    },
    async due(now) {
      const items = [...t.reminders.values()]
        .filter((r) => r.dueAt <= now)
        .sort((a, b) => a.dueAt.localeCompare(b.dueAt));
      return { items: items.map(copy) };
    },
    async claim(userId, was, next) {
      const r = t.reminders.get(userId);
      if (r?.dueAt !== was) return false;
      r.dueAt = next;
      return true;
    },
  };
}
