import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { exportAccount, exportFileName } from '../domain/export.ts';
import { callerOf } from '../http/auth.ts';
import { json, withErrors } from '../http/response.ts';

/** GET /api/me/export: the caller's profile, purchases and ratings as a JSON download. */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event, { events }) => {
    const data = await exportAccount({ db: deps.db(), events }, callerOf(event));
    const fileName = exportFileName(new Date(data.exportedAt));
    return json(200, data, { 'content-disposition': `attachment; filename="${fileName}"` });
  });

export const handler = makeHandler(coreDeps());
