/** The signed-in caller, read from the claims the JWT authorizer (API Gateway or the local gateway) has verified. */
import type { Caller } from '../domain/caller.ts';
import type { ApiEvent } from './types.ts';
import { unauthorized } from './errors.ts';

type Claims = Record<string, string | number | boolean | string[] | undefined>;

function str(claims: Claims, key: string): string | undefined {
  const v = claims[key];
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
}

/**
 * Pure: claims → caller. Throws 401 when there is no subject (an auth route reached without a verified token), or when
 * the token is not an ID token: the JWT authorizer accepts the pool's access tokens too (their `client_id` matches
 * the audience), but they carry no e-mail or names, and a profile made from one would keep an empty e-mail for good.
 */
export function callerFromClaims(claims: Claims | undefined | null): Caller {
  if (!claims || typeof claims !== 'object') throw unauthorized();
  if (claims.token_use !== 'id') throw unauthorized();
  const userId = str(claims, 'sub');
  if (!userId) throw unauthorized();
  const identities = claims.identities;
  return {
    userId,
    cognitoUsername: str(claims, 'cognito:username') ?? str(claims, 'username'),
    preferredUsername: str(claims, 'preferred_username'),
    email: str(claims, 'email'),
    name: str(claims, 'name'),
    givenName: str(claims, 'given_name'),
    familyName: str(claims, 'family_name'),
    federated: identities !== undefined && identities !== null && identities !== '' && identities !== '[]',
  };
}

export function callerOf(event: ApiEvent): Caller {
  const claims = (event.requestContext as { authorizer?: { jwt?: { claims?: Claims } } } | undefined)?.authorizer?.jwt
    ?.claims;
  return callerFromClaims(claims);
}
