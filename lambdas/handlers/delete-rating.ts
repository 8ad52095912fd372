import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { API_MESSAGES } from '../domain/messages.ts';
import { deleteRating } from '../domain/ratings.ts';
import { ensureProfile } from '../domain/users.ts';
import { callerOf } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { pathParam } from '../http/query.ts';
import { noContent, withErrors } from '../http/response.ts';

/** DELETE /api/ratings/{id}: deletes one of the caller's ratings and revokes its share link; anyone else's is a 404. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event) => {
    const caller = callerOf(event);
    const id = pathParam(event, 'id');
    if (!id) throw notFound(API_MESSAGES.ratingNotFound);
    const db = deps.db();
    await ensureProfile({ db }, caller);
    await deleteRating(db, caller.userId, id);
    return noContent();
  });

export const handler = makeHandler(coreDeps());
