/** Retake reminders (the reminders table): one item per user who turned them on, found by when it is due. */
/** every reminder item's partition of the by-due index */
export const REMINDER_SCHEDULE = 'retake';

export interface ReminderItem {
  userId: string;
  schedule: typeof REMINDER_SCHEDULE;
  dueAt: string;
  email: string;
  createdAt: string;
}

export interface ReminderStore {
  get(userId: string): Promise<ReminderItem | undefined>;
  /**
   * writes the reminder only while its user's profile is live (not missing, not a deleted account's tombstone), in one
   * transaction with that check: false when it is not live, and nothing is written
   */
  putWhileLive(item: ReminderItem): Promise<boolean>;
  delete(userId: string): Promise<void>;
  /** the reminders due at `now` or before, a page at a time (pass `next` back as `start`) */
  due(now: string, start?: unknown): Promise<{ items: ReminderItem[]; next?: unknown }>;
  /** moves the reminder's time from `was` to `next`, only if it is still at `was`: true when this call moved it */
  claim(userId: string, was: string, next: string): Promise<boolean>;
}
