import { describe, expect, inject, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RETAKE_PATH } from '#shared/reminder-links.ts';
import { REMINDER_INTERVAL_DAYS, REMINDER_WORDS, ReminderStateSchema } from '#shared/reminders.ts';
import { AccountExportSchema } from '#shared/schemas.ts';
import { api } from '../support/api.ts';
import { createUser, documentClient } from '../support/users.ts';
import type { StackInfo } from '../support/stack-info.ts';

const stack = inject('stack');
const DAY_MS = 24 * 60 * 60 * 1000;

interface SentEmail {
  messageId: string;
  destination: { to: string[] };
  subject: string;
  body: { text: string; html: string };
  headers: { name: string; value: string }[];
}

async function mailTo(s: StackInfo, address: string): Promise<SentEmail[]> {
  const res = await fetch(`${s.env.SES_ENDPOINT}/store`);
  const { emails } = (await res.json()) as { emails: SentEmail[] };
  return emails.filter((e) => e.destination.to.includes(address));
}

/** the test's way of bringing the reminder's time forward: as if 4 weeks had passed */
async function makeDue(s: StackInfo, userId: string) {
  await documentClient(s).send(
    new UpdateCommand({
      TableName: s.env.REMINDERS_TABLE,
      Key: { userId },
      UpdateExpression: 'SET dueAt = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
    }),
  );
}

/** what EventBridge does every hour in AWS, now */
async function runSender(s: StackInfo) {
  const res = await fetch(`${s.gatewayUrl}/__local/reminders/run`, { method: 'POST' });
  expect(res.status).toBe(200);
  return (await res.json()) as { sent: number; failed: number };
}

const reminderItem = async (s: StackInfo, userId: string) =>
  (await documentClient(s).send(new GetCommand({ TableName: s.env.REMINDERS_TABLE, Key: { userId } }))).Item;

describe('retake reminders', () => {
  it('are off until turned on, then due in 4 weeks', async () => {
    const user = await createUser(stack, 'remind');
    const off = await api(stack, '/api/me/reminder', { token: user.idToken });
    expect(off.status).toBe(200);
    expect(ReminderStateSchema.parse(off.json)).toEqual({ reminder: null });

    const before = Date.now();
    const on = await api(stack, '/api/me/reminder', { method: 'POST', token: user.idToken });
    expect(on.status).toBe(200);
    const due = Date.parse(ReminderStateSchema.parse(on.json).reminder!.dueAt);
    expect(due).toBeGreaterThanOrEqual(before + REMINDER_INTERVAL_DAYS * DAY_MS - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + REMINDER_INTERVAL_DAYS * DAY_MS);
    expect((await api(stack, '/api/me/reminder', { token: user.idToken })).json).toEqual(on.json);
    // the account export carries what is stored about it
    const exported = AccountExportSchema.parse((await api(stack, '/api/me/export', { token: user.idToken })).json);
    expect(exported.reminder).toEqual({
      dueAt: ReminderStateSchema.parse(on.json).reminder!.dueAt,
      email: user.email,
      createdAt: expect.any(String),
    });
    // not due yet: nothing is sent
    await runSender(stack);
    expect(await mailTo(stack, user.email)).toEqual([]);

    const stopped = await api(stack, '/api/me/reminder', { method: 'DELETE', token: user.idToken });
    expect(stopped.json).toEqual({ reminder: null });
    expect(
      AccountExportSchema.parse((await api(stack, '/api/me/export', { token: user.idToken })).json).reminder,
    ).toBeNull();
    expect(await reminderItem(stack, user.sub)).toBeUndefined();
  });

  it('need a sign-in to be read or changed', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      expect((await api(stack, '/api/me/reminder', { method })).status).toBe(401);
    }
  });

  it('send the e-mail when due, with the retake link and an unsubscribe link that works without sign-in', async () => {
    const user = await createUser(stack, 'due');
    await api(stack, '/api/me/reminder', { method: 'POST', token: user.idToken });
    await makeDue(stack, user.sub);
    const run = await runSender(stack);
    expect(run.sent).toBeGreaterThanOrEqual(1);

    const [email, ...more] = await mailTo(stack, user.email);
    expect(more).toEqual([]);
    expect(email!.subject).toBe(REMINDER_WORDS.subject);
    expect(email!.body.text).toContain(`${stack.env.SITE_URL}${RETAKE_PATH}`);
    const pageLink = /(http\S+\/unsubscribe\?token=\S+)/.exec(email!.body.text)![1]!;
    const oneClick = email!.headers.find((h) => h.name === 'List-Unsubscribe')!.value.slice(1, -1);
    expect(email!.headers).toContainEqual({ name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' });
    const token = new URL(pageLink).searchParams.get('token')!;
    expect(new URL(oneClick).searchParams.get('token')).toBe(token);

    // the next one is 4 weeks on, and a second run does not send again
    const next = Date.parse((await reminderItem(stack, user.sub))!.dueAt);
    expect(next).toBeGreaterThan(Date.now() + (REMINDER_INTERVAL_DAYS - 1) * DAY_MS);
    await runSender(stack);
    expect(await mailTo(stack, user.email)).toHaveLength(1);

    // a forged or altered token changes nothing
    // (the token names its key's version first: `v1.<user id>.<HMAC>`)
    expect(token).toMatch(/^v1\./);
    const forged = `${token.split('.').slice(0, -1).join('.')}.${'A'.repeat(43)}`;
    const bad = await api(stack, `/api/reminders/unsubscribe?token=${encodeURIComponent(forged)}`, { method: 'POST' });
    expect(bad.status).toBe(400);
    expect(await reminderItem(stack, user.sub)).toBeDefined();

    // what a mail client's one-click button sends (RFC 8058): no sign-in, the token in the URL
    const res = await api(stack, new URL(oneClick).pathname + new URL(oneClick).search, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(204);
    expect(await reminderItem(stack, user.sub)).toBeUndefined();
    expect((await api(stack, '/api/me/reminder', { token: user.idToken })).json).toEqual({ reminder: null });
    // the link still answers (idempotent) once unsubscribed
    expect((await api(stack, `/api/reminders/unsubscribe?token=${token}`, { method: 'POST' })).status).toBe(204);
  });

  it('are cancelled when the account is deleted', async () => {
    const user = await createUser(stack, 'gone');
    await api(stack, '/api/me/reminder', { method: 'POST', token: user.idToken });
    await makeDue(stack, user.sub);
    expect(await reminderItem(stack, user.sub)).toBeDefined();
    expect((await api(stack, '/api/me', { method: 'DELETE', token: user.idToken })).status).toBe(204);
    expect(await reminderItem(stack, user.sub)).toBeUndefined();
    await runSender(stack);
    expect(await mailTo(stack, user.email)).toEqual([]);
  });
});
