import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { revokeShare } from '../domain/shares.ts';
import { ensureProfile } from '../domain/users.ts';
import { callerOf } from '../http/auth.ts';
import { ratingIdOf } from '../http/rating-id.ts';
import { noContent, withErrors } from '../http/response.ts';

/** DELETE /api/ratings/{id}/share: revokes the rating's public link (204, also when there is none). */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event, { events }) => {
    const caller = callerOf(event);
    const db = deps.db();
    await ensureProfile({ db, events }, caller);
    const id = ratingIdOf(event);
    await revokeShare({ db }, caller.userId, id);
    return noContent();
  });

export const handler = makeHandler(coreDeps());
