import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { deleteRating } from '../domain/rating-deletion.ts';
import { ensureProfile } from '../domain/users.ts';
import { callerOf } from '../http/auth.ts';
import { ratingIdOf } from '../http/rating-id.ts';
import { noContent, withErrors } from '../http/response.ts';

/** DELETE /api/ratings/{id}: deletes one of the caller's ratings and revokes its share link; anyone else's is a 404. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event, { events }) => {
    const caller = callerOf(event);
    const db = deps.db();
    await ensureProfile({ db, events }, caller);
    const id = ratingIdOf(event);
    await deleteRating(db, caller.userId, id);
    return noContent();
  });

export const handler = makeHandler(coreDeps());
