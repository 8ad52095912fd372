import { ROUTE } from '#shared/routes.ts';
import { defaultNormalizer } from '../adapters/analysis.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { countUpload, storeUpload } from '../domain/uploads.ts';
import { clientIp, rateLimitNetwork } from '../http/client-ip.ts';
import { handle, reply } from '../http/handle.ts';
import { readImageInput } from '../http/image-input.ts';

/** POST /api/upload (no sign-in): rate-limited per client IP; stores the normalized photo for one hour → 201 { id }. */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'normalize' | 'env'>) =>
  handle(ROUTE.upload, deps, async ({ event }) => {
    const limits = { db: deps.db(), rateLimitPerMinute: deps.env.UPLOAD_RATE_LIMIT };
    await countUpload(limits, rateLimitNetwork(clientIp(event)));
    const input = await readImageInput(event, { allowUploadId: false });
    if (input.kind !== 'image') throw new Error('unreachable: uploadId not allowed here');
    const { id } = await storeUpload({ ...limits, normalize: await deps.normalize() }, input.bytes);
    return reply(201, { id });
  });

function defaultDeps(): Pick<AppDeps, 'db' | 'normalize' | 'env'> {
  const core = coreDeps();
  return { ...core, normalize: async () => defaultNormalizer() };
}

export const handler = makeHandler(defaultDeps());
