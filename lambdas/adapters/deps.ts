/**
 * What handlers need from the outside world, created lazily once per cold start and cached. The core (env, the
 * domain's stores over DynamoDB) lives here; Stripe, Cognito and the analysis engine have their own `default*` factories in their adapter modules,
 * imported only by the handlers that use them, so a bundled Lambda carries only its own SDKs (the packages or profile
 * routes never bundle the face model or Stripe).
 */
import { readEnv, type Env } from '../config/env.ts';
import type { IdentityAdmin } from '../domain/account.ts';
import type { Analyze } from '../domain/analyze.ts';
import type { Db } from '../domain/db.ts';
import type { StripeContext } from './stripe.ts';
import { createDb } from './dynamo.ts';
import { once } from '#shared/once.ts';

export type Normalize = (bytes: Uint8Array) => Promise<{ jpeg: Uint8Array; width: number; height: number }>;

export interface AppDeps {
  env: Env;
  /** the domain's stores (lambdas/adapters/store/), one DynamoDB client under them all */
  db: () => Db;
  identity: () => IdentityAdmin;
  /** Stripe client, secrets and gateway (async: the secret may come from Secrets Manager) */
  stripe: () => Promise<StripeContext>;
  analyze: () => Promise<Analyze>;
  normalize: () => Promise<Normalize>;
}

export interface CoreDeps {
  env: Env;
  db: () => Db;
}

let core: CoreDeps | undefined;

/** env + the stores, shared by every handler of the process (one Lambda container = one cold start). */
export function coreDeps(): CoreDeps {
  if (!core) {
    const env = readEnv();
    core = { env, db: once(() => createDb(env)) };
  }
  return core;
}
