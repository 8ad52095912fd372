import { defaultIdentityAdmin } from '../adapters/cognito.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { deleteAccount } from '../domain/account.ts';
import { callerOf } from '../http/auth.ts';
import { withErrors } from '../http/response.ts';

/** DELETE /api/me: deletes the caller's ratings, profile and Cognito user; 204, also when already deleted. */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'identity'>) =>
  withErrors(async (event) => {
    await deleteAccount({ db: deps.db(), identity: deps.identity() }, callerOf(event));
    return { statusCode: 204, headers: { 'cache-control': 'no-store' }, body: '' };
  });

function defaultDeps(): Pick<AppDeps, 'db' | 'identity'> {
  const core = coreDeps();
  return { db: core.db, identity: () => defaultIdentityAdmin(core.env) };
}

export const handler = makeHandler(defaultDeps());
