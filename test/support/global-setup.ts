/**
 * Starts one real local stack for the integration and browser tests: DynamoDB Local (in memory), cognito-local,
 * the Stripe emulator, the gateway and the Vite dev server, on free ports, with a fresh data folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '#infra/local/stack.ts';
import type { StackInfo } from './stack-info.ts';

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hairline-test-'));
  const started = performance.now();
  const stack = await startLocalStack({
    ports: { web: 0, gateway: 0, dynamodb: 0, cognito: 0, stripe: 0, ses: 0 },
    dataDir,
    web: 'dev',
    quiet: true,
    inMemoryDb: true,
  });
  console.log(`local stack up in ${((performance.now() - started) / 1000).toFixed(1)} s (logs in ${dataDir}/logs)`);
  const info: StackInfo = {
    webUrl: stack.urls.web,
    gatewayUrl: stack.urls.gateway,
    stripeUrl: stack.urls.stripe ?? '',
    cognitoUrl: stack.urls.cognito,
    dynamoUrl: stack.urls.dynamodb,
    userPoolId: stack.userPoolId,
    clientId: stack.clientId,
    env: stack.env,
    dataDir,
  };
  project.provide('stack', info);
  return async () => {
    await stack.stop();
    if (!process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
