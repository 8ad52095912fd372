import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { readPublicShare } from '../domain/shares.ts';
import { handle, reply } from '../http/handle.ts';

/** GET /api/shares/{shareId} (public): a shared rating's whitelisted fields; unknown or revoked is a 404. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  handle(ROUTE.getShare, deps, async ({ params }) => {
    const { view } = await readPublicShare(deps.db(), params.shareId);
    return reply(200, view, { 'x-robots-tag': 'noindex' });
  });

export const handler = makeHandler(coreDeps());
