import type { LocalStack } from '#infra/local/stack.ts';

export interface StackInfo {
  webUrl: string;
  gatewayUrl: string;
  stripeUrl: string;
  cognitoUrl: string;
  dynamoUrl: string;
  userPoolId: string;
  clientId: string;
  /** the handlers' environment (table names, endpoints, secrets of the local stand-ins) */
  env: Record<string, string>;
  dataDir: string;
}

/** what the tests (and bench:load) need of a running local stack */
export function stackInfoOf(local: LocalStack): StackInfo {
  return {
    webUrl: local.urls.web,
    gatewayUrl: local.urls.gateway,
    stripeUrl: local.urls.stripe ?? '',
    cognitoUrl: local.urls.cognito,
    dynamoUrl: local.urls.dynamodb,
    userPoolId: local.userPoolId,
    clientId: local.clientId,
    env: local.env,
    dataDir: local.dataDir,
  };
}

/** written into the stack's data folder by test/support/global-setup.ts: the StackInfo once it is up, or why it failed */
export const STACK_READY_FILE = 'test-stack.json';
export const STACK_FAILED_FILE = 'test-stack-failed.txt';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
    /** the stack's data folder, known before the stack is up */
    stackDir: string;
  }
}
