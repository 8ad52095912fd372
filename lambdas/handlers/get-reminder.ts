import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { getReminder } from '../domain/reminders.ts';
import { ensureProfile } from '../domain/users.ts';
import { callerOf } from '../http/auth.ts';
import { json, withErrors } from '../http/response.ts';

/** GET /api/me/reminder: the caller's retake reminder ({ reminder: { dueAt } }), or { reminder: null } when off. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event, { events }) => {
    const caller = callerOf(event);
    const db = deps.db();
    await ensureProfile({ db, events }, caller);
    return json(200, await getReminder(db, caller.userId), { 'cache-control': 'no-store' });
  });

export const handler = makeHandler(coreDeps());
