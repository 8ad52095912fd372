/** Who is calling: the identity the domain acts for, as the verified token tells it (read in lambdas/http/auth.ts). */
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
