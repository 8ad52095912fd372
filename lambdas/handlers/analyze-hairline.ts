import { defaultAnalyzer } from '../adapters/analysis.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { analyzeForUser } from '../domain/analyze.ts';
import { callerOf } from '../http/auth.ts';
import { clientRequestIdOf } from '../http/client-request-id.ts';
import { readAnalyzeInputs } from '../http/image-input.ts';
import { json, withErrors } from '../http/response.ts';

/**
 * POST /api/analyze-hairline: a photo (multipart `image`) or an earlier upload (`uploadId`), optionally with a crown
 * photo (`crown` / `crownUploadId`) → one rating for one credit.
 */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'analyze'>) =>
  withErrors(async (event, { events }) => {
    const caller = callerOf(event);
    const { image, crown } = await readAnalyzeInputs(event);
    const clientRequestId = clientRequestIdOf(event);
    const analysisDeps = { db: deps.db(), analyze: await deps.analyze(), events };
    return json(
      200,
      await analyzeForUser(analysisDeps, caller, image, { clientRequestId, ...(crown ? { crown } : {}) }),
    );
  });

function defaultDeps(): Pick<AppDeps, 'db' | 'analyze'> {
  const core = coreDeps();
  return { db: core.db, analyze: async () => defaultAnalyzer(core.env) };
}

export const handler = makeHandler(defaultDeps());
