import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { revokeShare } from '../domain/shares.ts';
import { handle } from '../http/handle.ts';

/** DELETE /api/ratings/{id}/share: revokes the rating's public link (204, also when there is none). */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  handle(ROUTE.deleteShare, deps, async ({ caller, params }) => {
    await revokeShare({ db: deps.db() }, caller.userId, params.id);
  });

export const handler = makeHandler(coreDeps());
