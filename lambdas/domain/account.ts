/** Account deletion: the user's ratings and their share links, the profile and the Cognito user. Idempotent: a second call finds nothing and succeeds. */
import type { Caller } from '../http/auth.ts';
import type { Db } from './db.ts';
import { deleteAllRatings } from './ratings.ts';
import { deleteUserItem } from './users.ts';

/** The identity provider's admin side (Cognito AdminDeleteUser); a user that is already gone is not an error. */
export interface IdentityAdmin {
  deleteUser(username: string): Promise<void>;
}

export interface AccountDeps {
  db: Db;
  identity: IdentityAdmin;
}

export async function deleteAccount(deps: AccountDeps, caller: Caller): Promise<{ ratingsDeleted: number }> {
  const ratingsDeleted = await deleteAllRatings(deps.db, caller.userId);
  await deleteUserItem(deps, caller.userId);
  await deps.identity.deleteUser(caller.cognitoUsername ?? caller.userId);
  console.log(JSON.stringify({ level: 'INFO', message: 'account deleted', userId: caller.userId, ratingsDeleted }));
  return { ratingsDeleted };
}
