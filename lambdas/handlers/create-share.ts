import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { shareRating } from '../domain/shares.ts';
import { handle, reply } from '../http/handle.ts';

/** POST /api/ratings/{id}/share: the rating's public link (201 when made, 200 when its options were updated). */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'env'>) =>
  handle(ROUTE.createShare, deps, async ({ caller, params, body }) => {
    const shareDeps = { db: deps.db(), siteUrl: deps.env.SITE_URL };
    const { created, share } = await shareRating(shareDeps, caller.userId, params.id, body);
    return reply(created ? 201 : 200, share);
  });

export const handler = makeHandler(coreDeps());
