import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { deleteRating } from '../domain/rating-deletion.ts';
import { handle } from '../http/handle.ts';

/** DELETE /api/ratings/{id}: deletes one of the caller's ratings and revokes its share link; anyone else's is a 404. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  handle(ROUTE.deleteRating, deps, async ({ caller, params }) => {
    await deleteRating(deps.db(), caller.userId, params.id);
  });

export const handler = makeHandler(coreDeps());
