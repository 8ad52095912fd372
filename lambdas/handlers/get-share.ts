import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { notFound } from '../domain/errors.ts';
import { API_MESSAGES } from '../domain/messages.ts';
import { readPublicShare } from '../domain/shares.ts';
import { pathParam } from '../http/query.ts';
import { json, withErrors } from '../http/response.ts';

/** GET /api/shares/{shareId} (public): a shared rating's whitelisted fields; unknown or revoked is a 404. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event) => {
    const shareId = pathParam(event, 'shareId');
    if (!shareId) throw notFound(API_MESSAGES.shareNotFound);
    const { view } = await readPublicShare(deps.db(), shareId);
    return json(200, view, { 'x-robots-tag': 'noindex' });
  });

export const handler = makeHandler(coreDeps());
