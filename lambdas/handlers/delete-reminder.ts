import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { turnOffReminder } from '../domain/reminders.ts';
import { callerOf } from '../http/auth.ts';
import { json, withErrors } from '../http/response.ts';

/** DELETE /api/me/reminder: turns the retake reminder off; { reminder: null }, also when it was off. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event) => {
    return json(200, await turnOffReminder(deps.db(), callerOf(event).userId), { 'cache-control': 'no-store' });
  });

export const handler = makeHandler(coreDeps());
