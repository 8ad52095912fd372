import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { getRating } from '../domain/ratings.ts';
import { handle } from '../http/handle.ts';

/** GET /api/ratings/{id}: one of the caller's ratings (with overlay); anyone else's is a 404. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  handle(ROUTE.getRating, deps, async ({ caller, params }) => getRating(deps.db(), caller.userId, params.id));

export const handler = makeHandler(coreDeps());
