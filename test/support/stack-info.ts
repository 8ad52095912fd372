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

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}
