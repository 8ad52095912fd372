import { ProfilePatchSchema } from '#shared/schemas.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { ensureProfile, patchProfile, toProfile } from '../domain/users.ts';
import { callerOf } from '../http/auth.ts';
import { jsonBody } from '../http/body.ts';
import { json, withErrors } from '../http/response.ts';
import { parseWith } from '../http/validate.ts';

/** PATCH /api/me: merges username / firstName / lastName / bio into the caller's profile. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event, { events }) => {
    const caller = callerOf(event);
    const db = deps.db();
    await ensureProfile({ db, events }, caller);
    const patch = parseWith(ProfilePatchSchema, jsonBody(event));
    return json(200, toProfile(await patchProfile({ db }, caller.userId, patch)));
  });

export const handler = makeHandler(coreDeps());
