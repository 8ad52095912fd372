import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { turnOffReminder } from '../domain/reminders.ts';
import { handle } from '../http/handle.ts';

/** DELETE /api/me/reminder: turns the retake reminder off; { reminder: null }, also when it was off. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  handle(ROUTE.deleteReminder, deps, async ({ caller }) => turnOffReminder(deps.db(), caller.userId));

export const handler = makeHandler(coreDeps());
