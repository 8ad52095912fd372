import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { exportAccount, exportFileName } from '../domain/export.ts';
import { handle, reply } from '../http/handle.ts';

/** GET /api/me/export: the caller's profile, purchases and ratings as a JSON download. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  handle(ROUTE.exportMe, deps, async ({ caller, events }) => {
    const data = await exportAccount({ db: deps.db(), events }, caller);
    const fileName = exportFileName(new Date(data.exportedAt));
    return reply(200, data, { 'content-disposition': `attachment; filename="${fileName}"` });
  });

export const handler = makeHandler(coreDeps());
