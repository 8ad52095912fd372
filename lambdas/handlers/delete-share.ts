import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { revokeShare } from '../domain/shares.ts';
import { ownRatingRequest } from '../http/own-rating.ts';
import { noContent, withErrors } from '../http/response.ts';

/** DELETE /api/ratings/{id}/share: revokes the rating's public link (204, also when there is none). */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event, { events }) => {
    const db = deps.db();
    const { caller, id } = await ownRatingRequest(event, db, events);
    await revokeShare({ db }, caller.userId, id);
    return noContent();
  });

export const handler = makeHandler(coreDeps());
