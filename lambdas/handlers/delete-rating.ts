import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { deleteRating } from '../domain/rating-deletion.ts';
import { ownRatingRequest } from '../http/own-rating.ts';
import { noContent, withErrors } from '../http/response.ts';

/** DELETE /api/ratings/{id}: deletes one of the caller's ratings and revokes its share link; anyone else's is a 404. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event, { events }) => {
    const db = deps.db();
    const { caller, id } = await ownRatingRequest(event, db, events);
    await deleteRating(db, caller.userId, id);
    return noContent();
  });

export const handler = makeHandler(coreDeps());
