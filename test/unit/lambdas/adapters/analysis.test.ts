/**
 * Without the model files (no `npm run models` yet) the analyze route answers 503 with one message saying what to run,
 * before the domain reserves a credit: the handler, wired as in production, over a db that records every call.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultAnalyzer } from '#lambdas/adapters/analysis.ts';
import { makeHandler } from '#lambdas/handlers/analyze-hairline.ts';
import { logger } from '#lambdas/logging.ts';
import { MESSAGES } from '#shared/messages.ts';
import { modelFile } from '#shared/model-files.ts';
import { memoryDb, recordingCalls } from '#test/support/memory-stores/index.ts';
import { event, JPEG_MAGIC } from '#test/support/lambda-event.ts';

let cache: string;
let dbCalls: string[];
const env = { AGE_ESTIMATOR: 'local', AWS_REGION: 'us-east-1' } as const;
const db = recordingCalls(memoryDb(), (call) => dbCalls.push(call));
const handler = makeHandler({ db: () => db, analyze: async () => defaultAnalyzer(env) });
const signedIn = {
  ...event().requestContext,
  authorizer: { jwt: { claims: { sub: 'u-models', token_use: 'id' }, scopes: [] } },
};
const analyzeRequest = () =>
  handler(
    event({
      headers: { 'content-type': 'image/jpeg' },
      body: Buffer.from(JPEG_MAGIC).toString('base64'),
      isBase64Encoded: true,
      requestContext: signedIn as never,
    }),
  );

beforeEach(() => {
  cache = mkdtempSync(path.join(tmpdir(), 'model-cache-'));
  vi.stubEnv('MODEL_CACHE_DIR', cache);
  vi.spyOn(logger, 'error').mockImplementation(() => undefined);
  dbCalls = [];
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(cache, { recursive: true, force: true });
});

describe('the analyze route without its model files', () => {
  it('answers 503 saying which command to run, and touches no credit', async () => {
    const res = await analyzeRequest();
    expect(res.statusCode).toBe(503);
    expect(JSON.parse(res.body!)).toEqual({ message: MESSAGES.analysisModelsMissing });
    expect(MESSAGES.analysisModelsMissing).toContain('npm run models');
    // the caller's profile is read (and made on a first call: an old token gets its 401 first), no credit is reserved
    expect(dbCalls).toEqual(['users.get', 'users.createIfAbsent']);
  });

  it('goes on to the credit once the file is in the cache', async () => {
    const m = modelFile('mediapipe-hair-segmentation');
    mkdirSync(path.join(cache, m.name));
    writeFileSync(path.join(cache, m.name, m.file), 'x');
    const res = await analyzeRequest();
    expect(res.statusCode).not.toBe(503);
    expect(dbCalls).toContain('users.reserveCredit');
  });
});
