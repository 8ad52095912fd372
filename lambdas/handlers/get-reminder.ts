import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { getReminder } from '../domain/reminders.ts';
import { handle } from '../http/handle.ts';

/** GET /api/me/reminder: the caller's retake reminder ({ reminder: { dueAt } }), or { reminder: null } when off. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  handle(ROUTE.getReminder, deps, async ({ caller }) => getReminder(deps.db(), caller.userId));

export const handler = makeHandler(coreDeps());
