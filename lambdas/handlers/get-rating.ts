import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { getRating } from '../domain/ratings.ts';
import { ensureProfile } from '../domain/users.ts';
import { callerOf } from '../http/auth.ts';
import { ratingIdOf } from '../http/rating-id.ts';
import { json, withErrors } from '../http/response.ts';

/** GET /api/ratings/{id}: one of the caller's ratings (with overlay); anyone else's is a 404. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event, { events }) => {
    const caller = callerOf(event);
    const db = deps.db();
    await ensureProfile({ db, events }, caller);
    const id = ratingIdOf(event);
    return json(200, await getRating(db, caller.userId, id));
  });

export const handler = makeHandler(coreDeps());
