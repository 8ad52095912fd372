import { SHARE_CARD_MAX_AGE } from '#shared/share-card.ts';
import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { renderShareCard } from '../domain/share-card.ts';
import { readPublicShare } from '../domain/shares.ts';
import { handle, reply } from '../http/handle.ts';

/** GET /api/shares/{shareId}/card.png (public): the 1200×630 share card the link unfurls with. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  handle(ROUTE.shareCard, deps, async ({ params }) => {
    const { view, photo, crownPhoto } = await readPublicShare(deps.db(), params.shareId);
    const png = await renderShareCard(view, photo, crownPhoto);
    return reply(200, png, { 'cache-control': `public, max-age=${SHARE_CARD_MAX_AGE}` });
  });

export const handler = makeHandler(coreDeps());
