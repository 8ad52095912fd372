/**
 * Account deletion, final: first the profile becomes a tombstone (users.ts markDeleted), so an analysis, a share or a
 * payment completing meanwhile cannot create anything and an old token cannot bring the account back; then the ratings
 * and their share links are swept (those written before the mark included), then the Cognito user goes. Idempotent: a
 * second call finds nothing more and succeeds.
 */
import type { Caller } from '../http/auth.ts';
import type { Db } from './db.ts';
import { deleteAllRatings } from './ratings.ts';
import { markDeleted } from './users.ts';

/** The identity provider's admin side (Cognito AdminDeleteUser); a user that is already gone is not an error. */
export interface IdentityAdmin {
  deleteUser(username: string): Promise<void>;
}

export interface AccountDeps {
  db: Db;
  identity: IdentityAdmin;
}

export async function deleteAccount(deps: AccountDeps, caller: Caller): Promise<{ ratingsDeleted: number }> {
  await markDeleted(deps, caller.userId);
  const ratingsDeleted = await deleteAllRatings(deps.db, caller.userId);
  await deps.identity.deleteUser(caller.cognitoUsername ?? caller.userId);
  console.log(JSON.stringify({ level: 'INFO', message: 'account deleted', userId: caller.userId, ratingsDeleted }));
  return { ratingsDeleted };
}
