import { ROUTE } from '#shared/routes.ts';
import { defaultIdentityAdmin } from '../adapters/cognito.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { defaultStripe } from '../adapters/stripe.ts';
import { deleteAccount } from '../domain/account.ts';
import { handle } from '../http/handle.ts';

/** DELETE /api/me: deletes the caller's account (profile, ratings, share links, Stripe customer, Cognito user); 204, also when already deleted. */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'identity' | 'stripe'>) =>
  handle(ROUTE.deleteMe, deps, async ({ caller }) => {
    const payments = async () => (await deps.stripe()).payments;
    await deleteAccount({ db: deps.db(), identity: deps.identity(), payments }, caller);
  });

function defaultDeps(): Pick<AppDeps, 'db' | 'identity' | 'stripe'> {
  const core = coreDeps();
  return { db: core.db, identity: () => defaultIdentityAdmin(core.env), stripe: () => defaultStripe(core.env) };
}

export const handler = makeHandler(defaultDeps());
