import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { listRatings, parseLimit } from '../domain/ratings.ts';
import { ensureProfile } from '../domain/users.ts';
import { callerOf } from '../http/auth.ts';
import { queryParam } from '../http/query.ts';
import { json, withErrors } from '../http/response.ts';

/** GET /api/ratings?limit=&cursor=: the caller's ratings, newest first, without overlays. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event) => {
    const caller = callerOf(event);
    const limit = parseLimit(queryParam(event, 'limit'));
    const cursor = queryParam(event, 'cursor');
    const db = deps.db();
    await ensureProfile({ db }, caller);
    return json(200, await listRatings(db, caller.userId, { limit, cursor }));
  });

export const handler = makeHandler(coreDeps());
