import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { turnOffReminder } from '../domain/reminders.ts';
import { ensureProfile } from '../domain/users.ts';
import { callerOf } from '../http/auth.ts';
import { json, withErrors } from '../http/response.ts';

/**
 * DELETE /api/me/reminder: turns the retake reminder off; { reminder: null }, also when it was off. A deleted account's
 * token is refused (401) as on every signed-in route.
 */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event, { events }) => {
    const caller = callerOf(event);
    const db = deps.db();
    await ensureProfile({ db, events }, caller);
    return json(200, await turnOffReminder(db, caller.userId), { 'cache-control': 'no-store' });
  });

export const handler = makeHandler(coreDeps());
