import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { toProfile } from '../domain/users.ts';
import { handle } from '../http/handle.ts';

/** GET /api/me: the caller's profile, created on first sight. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  handle(ROUTE.getMe, deps, async ({ profile }) => toProfile(profile));

export const handler = makeHandler(coreDeps());
