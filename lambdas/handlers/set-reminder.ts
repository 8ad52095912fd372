import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { turnOnReminder } from '../domain/reminders.ts';
import { handle } from '../http/handle.ts';

/** POST /api/me/reminder: turns the retake reminder on, the first e-mail in 4 weeks to the sign-in address. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  handle(ROUTE.setReminder, deps, async ({ caller }) => turnOnReminder({ db: deps.db() }, caller));

export const handler = makeHandler(coreDeps());
