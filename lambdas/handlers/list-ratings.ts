import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { parseLimit } from '../domain/rating-cursors.ts';
import { findByClientRequest, listRatings } from '../domain/ratings.ts';
import { ensureProfile } from '../domain/users.ts';
import { callerOf } from '../http/auth.ts';
import { queryParam } from '../http/query.ts';
import { json, withErrors } from '../http/response.ts';

/**
 * GET /api/ratings?limit=&cursor=: the caller's ratings, newest first, without overlays.
 * GET /api/ratings?clientRequestId=: the rating made by that analyze call, if any (a client that lost the answer).
 */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event, { events }) => {
    const caller = callerOf(event);
    const db = deps.db();
    await ensureProfile({ db, events }, caller);
    const limit = parseLimit(queryParam(event, 'limit'));
    const cursor = queryParam(event, 'cursor');
    const clientRequestId = queryParam(event, 'clientRequestId');
    if (clientRequestId !== undefined) return json(200, await findByClientRequest(db, caller.userId, clientRequestId));
    return json(200, await listRatings(db, caller.userId, { limit, cursor }));
  });

export const handler = makeHandler(coreDeps());
