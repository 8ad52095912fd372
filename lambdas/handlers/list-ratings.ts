import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { parseLimit } from '../domain/rating-cursors.ts';
import { findByClientRequest, listRatings } from '../domain/ratings.ts';
import { handle } from '../http/handle.ts';

/**
 * GET /api/ratings?limit=&cursor=: the caller's ratings, newest first, without overlays.
 * GET /api/ratings?clientRequestId=: the rating made by that analyze call, if any (a client that lost the answer).
 */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  handle(ROUTE.listRatings, deps, async ({ caller, query: { limit, cursor, clientRequestId } }) => {
    if (clientRequestId !== undefined) return findByClientRequest(deps.db(), caller.userId, clientRequestId);
    return listRatings(deps.db(), caller.userId, { limit: parseLimit(limit), cursor });
  });

export const handler = makeHandler(coreDeps());
