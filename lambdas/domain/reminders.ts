/**
 * Retake reminders. A user who turns them on gets an e-mail REMINDER_INTERVAL_DAYS later, then one every as many days,
 * each with a link to the guided retake and a one-click unsubscribe that needs no sign-in: the link carries a token
 * signed with a key only the server holds, so it unsubscribes that user and nobody else. One item per user in the
 * reminders table; the sender (a scheduled job) queries the byDue index for the items whose time has come, moves each
 * one's time on before sending, so two overlapping runs never send twice. Deleting the account deletes the item.
 *
 * Nothing outlives a deleted account: a reminder is written only while the profile is live (one transaction with that
 * check), so a request that read the profile before the deletion's tombstone cannot write it after the sweep deleted
 * the item; and the sender reads the profile before each e-mail, deleting the reminder of a deleted or missing one
 * unsent.
 */
import { REMINDER_INTERVAL_MS, type ReminderState } from '#shared/reminders.ts';
import { logger } from '../logging.ts';
import type { Caller } from './caller.ts';
import { systemClock, type Clock, type Db } from './db.ts';
import { REMINDER_SCHEDULE, type ReminderItem } from './ports/reminders.ts';
import { accountDeleted, invalidInput } from './errors.ts';
import { reminderEmail, type Email } from './reminder-email.ts';

/** Signs and checks the unsubscribe tokens (lambdas/adapters/reminder-token.ts). */
export interface TokenSigner {
  sign(userId: string): string;
  /** the user id a genuine token names, undefined for anything else */
  verify(token: string): string | undefined;
}

/** Sends one e-mail (SES). */
export interface Mailer {
  send(email: Email): Promise<void>;
}

const stateOf = (item: Pick<ReminderItem, 'dueAt'> | undefined): ReminderState => ({
  reminder: item ? { dueAt: item.dueAt } : null,
});

export async function getReminder(db: Db, userId: string): Promise<ReminderState> {
  return stateOf(await db.reminders.get(userId));
}

/** Turns reminders on (again): the next e-mail REMINDER_INTERVAL_DAYS from now, to the caller's sign-in address. */
export async function turnOnReminder(deps: { db: Db; clock?: Clock }, caller: Caller): Promise<ReminderState> {
  if (!caller.email) throw invalidInput('Your account has no e-mail address to send reminders to.');
  const now = (deps.clock ?? systemClock).now();
  const item: ReminderItem = {
    userId: caller.userId,
    schedule: REMINDER_SCHEDULE,
    dueAt: new Date(now.getTime() + REMINDER_INTERVAL_MS).toISOString(),
    email: caller.email,
    createdAt: now.toISOString(),
  };
  // the handler found the profile live; a deletion since then leaves its tombstone, and nothing is written
  if (!(await deps.db.reminders.putWhileLive(item))) throw accountDeleted();
  return stateOf(item);
}

/** Turns reminders off; nothing to do when they are off. */
export async function turnOffReminder(db: Db, userId: string): Promise<ReminderState> {
  await db.reminders.delete(userId);
  return stateOf(undefined);
}

/** The e-mail's unsubscribe link: turns off the reminders of the user the token names; a forged token changes nothing. */
export async function unsubscribe(deps: { db: Db; signer: TokenSigner }, token: string): Promise<void> {
  const userId = deps.signer.verify(token);
  if (!userId) throw invalidInput('This unsubscribe link is not valid.');
  await turnOffReminder(deps.db, userId);
  logger.info('reminders unsubscribed', { userId });
}

export interface SenderDeps {
  db: Db;
  mailer: Mailer;
  signer: TokenSigner;
  siteUrl: string;
  clock?: Clock;
}

/** The scheduled job: e-mails every reminder whose time has come and sets its next time. */
export async function sendDueReminders(deps: SenderDeps): Promise<{ sent: number; failed: number }> {
  const now = (deps.clock ?? systemClock).now();
  let sent = 0;
  let failed = 0;
  let start: unknown;
  do {
    const page = await deps.db.reminders.due(now.toISOString(), start);
    for (const item of page.items) {
      if (!(await ofLiveProfile(deps.db, item))) continue;
      // moved on first, only if no other run did and the user has not turned reminders off meanwhile
      const next = new Date(now.getTime() + REMINDER_INTERVAL_MS).toISOString();
      const claimed = await deps.db.reminders.claim(item.userId, item.dueAt, next);
      if (!claimed) continue;
      try {
        await deps.mailer.send(reminderEmail(item.email, deps.siteUrl, deps.signer.sign(item.userId)));
        sent++;
      } catch (error) {
        failed++;
        // the item keeps its next time: one missed e-mail, not a retry storm against a failing mail service. Only the
        // error's code is logged: the provider's message can name the recipient (SES's sandbox does)
        logger.error('reminder e-mail failed', { userId: item.userId, errorCode: errorCodeOf(error) });
      }
    }
    start = page.next;
  } while (start);
  if (sent || failed) logger.info('reminders sent', { sent, failed });
  return { sent, failed };
}

/**
 * True when the reminder's user still has a live profile. A reminder beside a tombstone (or no profile at all: left by
 * a deletion before reminders were written under the profile's condition) is deleted unsent.
 */
async function ofLiveProfile(db: Db, item: ReminderItem): Promise<boolean> {
  const user = await db.users.get(item.userId);
  if (user && user.deletedAt === undefined) return true;
  await db.reminders.delete(item.userId);
  logger.warn('reminder of a deleted or missing account deleted unsent', {
    userId: item.userId,
    deleted: user !== undefined,
  });
  return false;
}

/** An error's machine-readable name or code (SES: `MessageRejected`, …), never its message. */
export function errorCodeOf(error: unknown): string {
  const e = error as { name?: unknown; code?: unknown; Code?: unknown } | null;
  for (const v of [e?.code, e?.Code, e?.name]) if (typeof v === 'string' && v && v !== 'Error') return v;
  return 'unknown';
}
