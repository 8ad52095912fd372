import { defaultIdentityAdmin } from '../adapters/cognito.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { defaultStripe } from '../adapters/stripe.ts';
import { deleteAccount } from '../domain/account.ts';
import { callerOf } from '../http/auth.ts';
import { withErrors } from '../http/response.ts';

/** DELETE /api/me: deletes the caller's account (profile, ratings, share links, Stripe customer, Cognito user); 204, also when already deleted. */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'identity' | 'stripe'>) =>
  withErrors(async (event) => {
    await deleteAccount(
      { db: deps.db(), identity: deps.identity(), payments: async () => (await deps.stripe()).payments },
      callerOf(event),
    );
    return { statusCode: 204, headers: { 'cache-control': 'no-store' }, body: '' };
  });

function defaultDeps(): Pick<AppDeps, 'db' | 'identity' | 'stripe'> {
  const core = coreDeps();
  return { db: core.db, identity: () => defaultIdentityAdmin(core.env), stripe: () => defaultStripe(core.env) };
}

export const handler = makeHandler(defaultDeps());
