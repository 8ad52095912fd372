import { PACKAGES } from '#shared/packages.ts';
import { ROUTE } from '#shared/routes.ts';
import { handle, reply } from '../http/handle.ts';

/** GET /api/packages (public): the credit packs, cacheable for five minutes. */
export const handler = handle(ROUTE.packages, {}, async () =>
  reply(200, PACKAGES, { 'cache-control': 'public, max-age=300' }),
);
