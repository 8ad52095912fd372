/**
 * CloudFront is the only way in: it adds a secret header to every request it forwards to the HTTP API, and the shared
 * handler wrapper refuses (403) any request without it, such as one sent to the execute-api URL directly with a forged
 * `CloudFront-Viewer-Address`. The secret reaches the functions as ORIGIN_VERIFY_SECRET (a Secrets Manager dynamic
 * reference in the template; a random value per start in the local stack, whose gateway adds the header).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { header } from './body.ts';
import type { ApiEvent } from './types.ts';

export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
export const ORIGIN_VERIFY_ENV = 'ORIGIN_VERIFY_SECRET';

/** Who may call: everyone (no secret configured outside Lambda: unit tests, tools), the secret's holders, or nobody. */
export type OriginPolicy = { kind: 'open' } | { kind: 'secret'; digest: Buffer } | { kind: 'closed' };

const digest = (value: string) => createHash('sha256').update(value).digest();

/** A Lambda without its secret is misconfigured: it refuses everything rather than trusting every caller. */
export function originPolicy(env: NodeJS.ProcessEnv): OriginPolicy {
  const secret = env[ORIGIN_VERIFY_ENV];
  if (secret) return { kind: 'secret', digest: digest(secret) };
  return env.AWS_LAMBDA_FUNCTION_NAME ? { kind: 'closed' } : { kind: 'open' };
}

/** true when the request came through CloudFront (or the local gateway); compared in constant time. */
export function fromTrustedOrigin(event: Pick<ApiEvent, 'headers'>, policy: OriginPolicy): boolean {
  if (policy.kind === 'open') return true;
  if (policy.kind === 'closed') return false;
  const given = header(event, ORIGIN_VERIFY_HEADER);
  return given !== undefined && timingSafeEqual(digest(given), policy.digest);
}
