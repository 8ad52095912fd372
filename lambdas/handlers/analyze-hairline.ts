import { ROUTE } from '#shared/routes.ts';
import { defaultAnalyzer, warmUpAnalyzer } from '../adapters/analysis.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { analyzeForUser } from '../domain/analyze.ts';
import { clientRequestIdOf } from '../http/client-request-id.ts';
import { readAnalyzeInputs } from '../http/image-input.ts';
import { handle } from '../http/handle.ts';
import { logger } from '../logging.ts';

/**
 * POST /api/analyze-hairline: a photo (multipart `image`) or an earlier upload (`uploadId`), optionally with a crown
 * photo (`crown` / `crownUploadId`) and what the photo is of (`photoOf`) → one rating for one credit.
 */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'analyze'>) =>
  handle(ROUTE.analyzeHairline, deps, async ({ caller, profile, event, events }) => {
    const { image, ...photos } = await readAnalyzeInputs(event);
    const clientRequestId = clientRequestIdOf(event);
    const analysisDeps = { db: deps.db(), analyze: await deps.analyze(), events };
    return analyzeForUser(analysisDeps, caller, image, { clientRequestId, profile, ...photos });
  });

function defaultDeps(): Pick<AppDeps, 'db' | 'analyze'> {
  const core = coreDeps();
  return { db: core.db, analyze: async () => defaultAnalyzer(core.env) };
}

export const handler = makeHandler(defaultDeps());

// In Lambda the models load in the init phase (a top-level await), not in the first user's request. A failed warm-up
// is only logged: the first request loads them again. Locally the gateway imports this module on the first request,
// which needs the models at once anyway.
if (process.env.AWS_LAMBDA_FUNCTION_NAME) {
  await warmUpAnalyzer().catch((error: unknown) => {
    logger.warn('model warm-up failed', { error: error instanceof Error ? error.stack : String(error) });
  });
}
