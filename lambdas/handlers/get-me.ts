import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { ensureProfile, toProfile } from '../domain/users.ts';
import { callerOf } from '../http/auth.ts';
import { json, withErrors } from '../http/response.ts';

/** GET /api/me: the caller's profile, created on first sight. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event, { events }) => {
    const profile = await ensureProfile({ db: deps.db(), events }, callerOf(event));
    return json(200, toProfile(profile));
  });

export const handler = makeHandler(coreDeps());
