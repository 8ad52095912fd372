import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { patchProfile, toProfile } from '../domain/users.ts';
import { handle } from '../http/handle.ts';

/** PATCH /api/me: merges username / firstName / lastName / bio / birthYear / progressTracking into the caller's profile. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  handle(ROUTE.patchMe, deps, async ({ caller, body }) =>
    toProfile(await patchProfile({ db: deps.db() }, caller.userId, body)),
  );

export const handler = makeHandler(coreDeps());
