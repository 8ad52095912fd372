/** The signed-in caller, read from the claims the JWT authorizer (API Gateway or the local gateway) has verified. */
import type { ApiEvent } from './types.ts';
import { unauthorized } from './errors.ts';

export interface Caller {
  /** Cognito `sub`: the user id everywhere in the data */
  userId: string;
  /** `cognito:username` (what AdminDeleteUser needs) */
  cognitoUsername?: string;
  preferredUsername?: string;
  email?: string;
  /** display name (`name` claim), set for federated users */
  name?: string;
  givenName?: string;
  familyName?: string;
  /** true when the token carries `identities` (a federated sign-in such as Google) */
  federated: boolean;
}

type Claims = Record<string, string | number | boolean | string[] | undefined>;

function str(claims: Claims, key: string): string | undefined {
  const v = claims[key];
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
}

/** Pure: claims → caller. Throws 401 when there is no subject (an auth route reached without a verified token). */
export function callerFromClaims(claims: Claims | undefined | null): Caller {
  if (!claims || typeof claims !== 'object') throw unauthorized();
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
