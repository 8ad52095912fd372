import { defaultNormalizer } from '../adapters/analysis.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { countUpload, storeUpload } from '../domain/uploads.ts';
import { clientIp, rateLimitNetwork } from '../http/client-ip.ts';
import { readImageInput } from '../http/image-input.ts';
import { json, withErrors } from '../http/response.ts';

/** POST /api/upload (no sign-in): rate-limited per client IP; stores the normalized photo for one hour → 201 { id }. */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'normalize' | 'env'>) =>
  withErrors(async (event) => {
    const db = deps.db();
    await countUpload({ db, rateLimitPerMinute: deps.env.UPLOAD_RATE_LIMIT }, rateLimitNetwork(clientIp(event)));
    const input = await readImageInput(event, { allowUploadId: false });
    if (input.kind !== 'image') throw new Error('unreachable: uploadId not allowed here');
    const { id } = await storeUpload(
      { db, normalize: await deps.normalize(), rateLimitPerMinute: deps.env.UPLOAD_RATE_LIMIT },
      input.bytes,
    );
    return json(201, { id });
  });

function defaultDeps(): Pick<AppDeps, 'db' | 'normalize' | 'env'> {
  const core = coreDeps();
  return { ...core, normalize: async () => defaultNormalizer() };
}

export const handler = makeHandler(defaultDeps());
