/** Cognito admin calls (AdminDeleteUser). Locally the endpoint is cognito-local, with dummy credentials. */
import { AdminDeleteUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Env } from '../config/env.ts';
import type { IdentityAdmin } from '../domain/account.ts';

export function createIdentityAdmin(
  env: Pick<Env, 'AWS_REGION' | 'COGNITO_ENDPOINT' | 'COGNITO_USER_POOL_ID'>,
): IdentityAdmin {
  const client = new CognitoIdentityProviderClient({
    region: env.AWS_REGION,
    ...(env.COGNITO_ENDPOINT
      ? { endpoint: env.COGNITO_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  return {
    async deleteUser(username: string) {
      if (!env.COGNITO_USER_POOL_ID) throw new Error('COGNITO_USER_POOL_ID is not set');
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId: env.COGNITO_USER_POOL_ID, Username: username }));
      } catch (err) {
        if ((err as { name?: string })?.name === 'UserNotFoundException') return; // already gone: deletion is idempotent
        throw err;
      }
    },
  };
}

let identity: IdentityAdmin | undefined;
/** The process-wide Cognito admin client. */
export function defaultIdentityAdmin(
  env: Pick<Env, 'AWS_REGION' | 'COGNITO_ENDPOINT' | 'COGNITO_USER_POOL_ID'>,
): IdentityAdmin {
  identity ??= createIdentityAdmin(env);
  return identity;
}
