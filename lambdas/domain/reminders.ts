/**
 * Retake reminders. A user who turns them on gets an e-mail REMINDER_INTERVAL_DAYS later, then one every as many days,
 * each with a link to the guided retake and a one-click unsubscribe that needs no sign-in: the link carries a token
 * signed with a key only the server holds, so it unsubscribes that user and nobody else. One item per user in the
 * reminders table; the sender (a scheduled job) queries the byDue index for the items whose time has come, moves each
 * one's time on before sending, so two overlapping runs never send twice. Deleting the account deletes the item.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { reminderLinks } from '#shared/reminder-links.ts';
import { REMINDER_INTERVAL_MS, REMINDER_WORDS, type ReminderState } from '#shared/reminders.ts';
import { logger } from '../logging.ts';
import type { Caller } from './caller.ts';
import { isConditionalCheckFailed, systemClock, type Clock, type Db } from './db.ts';
import { invalidInput } from './errors.ts';

/** every reminder item's byDue partition */
const SCHEDULE = 'retake';

/** Signs and checks the unsubscribe tokens (lambdas/adapters/reminder-token.ts). */
export interface TokenSigner {
  sign(userId: string): string;
  /** the user id a genuine token names, undefined for anything else */
  verify(token: string): string | undefined;
}

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Sends one e-mail (SES). */
export interface Mailer {
  send(email: Email): Promise<void>;
}

interface ReminderItem {
  userId: string;
  schedule: typeof SCHEDULE;
  dueAt: string;
  email: string;
  createdAt: string;
}

const stateOf = (item: Pick<ReminderItem, 'dueAt'> | undefined): ReminderState => ({
  reminder: item ? { dueAt: item.dueAt } : null,
});

export async function getReminder(db: Db, userId: string): Promise<ReminderState> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tables.reminders, Key: { userId } }));
  return stateOf(Item as ReminderItem | undefined);
}

/** Turns reminders on (again): the next e-mail REMINDER_INTERVAL_DAYS from now, to the caller's sign-in address. */
export async function turnOnReminder(deps: { db: Db; clock?: Clock }, caller: Caller): Promise<ReminderState> {
  if (!caller.email) throw invalidInput('Your account has no e-mail address to send reminders to.');
  const now = (deps.clock ?? systemClock).now();
  const item: ReminderItem = {
    userId: caller.userId,
    schedule: SCHEDULE,
    dueAt: new Date(now.getTime() + REMINDER_INTERVAL_MS).toISOString(),
    email: caller.email,
    createdAt: now.toISOString(),
  };
  await deps.db.doc.send(new PutCommand({ TableName: deps.db.tables.reminders, Item: item }));
  return stateOf(item);
}

/** Turns reminders off; nothing to do when they are off. */
export async function turnOffReminder(db: Db, userId: string): Promise<ReminderState> {
  await db.doc.send(new DeleteCommand({ TableName: db.tables.reminders, Key: { userId } }));
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
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.doc.send(
      new QueryCommand({
        TableName: deps.db.tables.reminders,
        IndexName: 'byDue',
        KeyConditionExpression: 'schedule = :s AND dueAt <= :now',
        ExpressionAttributeValues: { ':s': SCHEDULE, ':now': now.toISOString() },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of (page.Items ?? []) as ReminderItem[]) {
      const claimed = await claim(deps.db, item, new Date(now.getTime() + REMINDER_INTERVAL_MS).toISOString());
      if (!claimed) continue;
      try {
        await deps.mailer.send(reminderEmail(item.email, deps.siteUrl, deps.signer.sign(item.userId)));
        sent++;
      } catch (error) {
        failed++;
        // the item keeps its next time: one missed e-mail, not a retry storm against a failing mail service
        logger.error('reminder e-mail failed', { userId: item.userId, error: (error as Error).message });
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  if (sent || failed) logger.info('reminders sent', { sent, failed });
  return { sent, failed };
}

/** Moves the item's time on, only if no other run did first and the user has not turned reminders off meanwhile. */
async function claim(db: Db, item: ReminderItem, nextDueAt: string): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tables.reminders,
        Key: { userId: item.userId },
        UpdateExpression: 'SET dueAt = :next',
        ConditionExpression: 'dueAt = :was',
        ExpressionAttributeValues: { ':next': nextDueAt, ':was': item.dueAt },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

export function reminderEmail(to: string, siteUrl: string, token: string): Email {
  const links = reminderLinks(siteUrl, token);
  const text =
    'Four weeks ago you asked us to remind you to retake your hairline photo.\n\n' +
    `Retake it like last time (the camera shows you how): ${links.retake}\n\n` +
    `Stop these reminders (one click, no sign-in): ${links.unsubscribePage}\n`;
  const html =
    '<p>Four weeks ago you asked us to remind you to retake your hairline photo.</p>' +
    `<p><a href="${links.retake}">Retake it like last time</a> (the camera shows you how).</p>` +
    `<p><a href="${links.unsubscribePage}">Stop these reminders</a> (one click, no sign-in).</p>`;
  return {
    to,
    subject: REMINDER_WORDS.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeOneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
