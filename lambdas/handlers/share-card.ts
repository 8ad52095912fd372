import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { SHARE_CARD_MAX_AGE } from '#shared/share-card.ts';
import { notFound } from '../domain/errors.ts';
import { API_MESSAGES } from '../domain/messages.ts';
import { renderShareCard } from '../domain/share-card.ts';
import { readPublicShare } from '../domain/shares.ts';
import { pathParam } from '../http/query.ts';
import { binary, withErrors } from '../http/response.ts';

/** GET /api/shares/{shareId}/card.png (public): the 1200×630 share card the link unfurls with. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event) => {
    const shareId = pathParam(event, 'shareId');
    if (!shareId) throw notFound(API_MESSAGES.shareNotFound);
    const { view, photo, crownPhoto } = await readPublicShare(deps.db(), shareId);
    const png = await renderShareCard(view, photo, crownPhoto);
    return binary(200, png, 'image/png', { 'cache-control': `public, max-age=${SHARE_CARD_MAX_AGE}` });
  });

export const handler = makeHandler(coreDeps());
