import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { turnOnReminder } from '../domain/reminders.ts';
import { ensureProfile } from '../domain/users.ts';
import { callerOf } from '../http/auth.ts';
import { json, withErrors } from '../http/response.ts';

/** POST /api/me/reminder: turns the retake reminder on, the first e-mail in 4 weeks to the sign-in address. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event, { events }) => {
    const caller = callerOf(event);
    const db = deps.db();
    await ensureProfile({ db, events }, caller);
    return json(200, await turnOnReminder({ db }, caller), { 'cache-control': 'no-store' });
  });

export const handler = makeHandler(coreDeps());
