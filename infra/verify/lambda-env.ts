/**
 * A function's environment for a run on this machine: the template's literal values as they are (so a wrong path in
 * the stack shows up), CloudFormation references replaced by their local stand-ins, and the variables Lambda adds.
 */
import { ORIGIN_VERIFY_ENV } from '#lambdas/http/origin-verify.ts';
import { TABLE_LIST } from '#shared/tables.ts';

export interface LocalStandIns {
  /** physical table name by table env var (USERS_TABLE, ...) */
  tables: Record<string, string>;
  dynamoEndpoint: string;
  originSecret: string;
  siteUrl: string;
}

/**
 * Rekognition cannot run here: the age check uses the local face model's estimate (AGE_ESTIMATOR=local). The score
 * and measurements never depend on it, only whether an under-18 photo is refused.
 */
export const EMULATION_OVERRIDES = { AGE_ESTIMATOR: 'local' } as const;

export function localFunctionEnv(
  fn: { logicalId: string; environment: Record<string, unknown>; memoryMb?: number },
  local: LocalStandIns,
): Record<string, string> {
  const tableVars = new Set(TABLE_LIST.map((t) => t.envVar));
  const standIn: Record<string, string> = {
    SITE_URL: local.siteUrl,
    COGNITO_USER_POOL_ID: 'us-east-1_verifybundles',
    [ORIGIN_VERIFY_ENV]: local.originSecret,
  };
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(fn.environment)) {
    if (typeof value === 'string') env[name] = value;
    else if (tableVars.has(name) && local.tables[name]) env[name] = local.tables[name]!;
    else if (standIn[name] !== undefined) env[name] = standIn[name]!;
    else
      throw new Error(
        `${fn.logicalId}: no local value for ${name} = ${JSON.stringify(value)} (add one in infra/verify/lambda-env.ts)`,
      );
  }
  return {
    ...env,
    ...EMULATION_OVERRIDES,
    DYNAMODB_ENDPOINT: local.dynamoEndpoint,
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    // what Lambda hands every function (the role's credentials); DynamoDB Local accepts any
    AWS_ACCESS_KEY_ID: 'verify',
    AWS_SECRET_ACCESS_KEY: 'verify',
    AWS_SESSION_TOKEN: 'verify',
    AWS_LAMBDA_FUNCTION_NAME: fn.logicalId,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb ?? 128),
  };
}
