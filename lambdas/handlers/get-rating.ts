import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { getRating } from '../domain/ratings.ts';
import { ownRatingRequest } from '../http/own-rating.ts';
import { json, withErrors } from '../http/response.ts';

/** GET /api/ratings/{id}: one of the caller's ratings (with overlay); anyone else's is a 404. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event, { events }) => {
    const db = deps.db();
    const { caller, id } = await ownRatingRequest(event, db, events);
    return json(200, await getRating(db, caller.userId, id));
  });

export const handler = makeHandler(coreDeps());
