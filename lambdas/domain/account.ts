/**
 * Account deletion, final: first the profile becomes a tombstone (users.ts markDeleted), so an analysis, a share or a
 * payment completing meanwhile cannot create anything and an old token cannot bring the account back; then the ratings
 * and their share links are swept (those written before the mark included), the retake reminder is cancelled, then
 * every Stripe customer carrying the user's id (the stored one, and any a checkout made before one was stored: found by
 * a metadata search) and the Cognito user go. The stored customer is read from the profile the tombstone replaced, in
 * the same write, so a customer stored by a checkout racing the deletion is not missed. Idempotent: a second call
 * leaves the tombstone as it is (written once), finds nothing more and succeeds.
 */
import { logger } from '../logging.ts';
import type { Caller } from './caller.ts';
import type { Db } from './db.ts';
import { deleteAllRatings } from './rating-deletion.ts';
import { turnOffReminder } from './reminders.ts';
import type { PaymentsGateway } from './checkout.ts';
import { markDeleted } from './users.ts';

/** The identity provider's admin side (Cognito AdminDeleteUser); a user that is already gone is not an error. */
export interface IdentityAdmin {
  deleteUser(username: string): Promise<void>;
}

export interface AccountDeps {
  db: Db;
  identity: IdentityAdmin;
  /** the payment provider, which keeps the customer (e-mail, user id) our checkout created */
  payments: () => Promise<Pick<PaymentsGateway, 'deleteCustomer' | 'customersOf'>>;
}

export async function deleteAccount(deps: AccountDeps, caller: Caller): Promise<{ ratingsDeleted: number }> {
  const marked = await markDeleted(deps, caller.userId);
  const customerId = marked.marked ? marked.replaced?.stripeCustomerId : undefined;
  const ratingsDeleted = await deleteAllRatings(deps.db, caller.userId);
  await turnOffReminder(deps.db, caller.userId);
  await deleteCustomers(await deps.payments(), caller.userId, customerId);
  await deps.identity.deleteUser(caller.cognitoUsername ?? caller.userId);
  logger.info('account deleted', { userId: caller.userId, ratingsDeleted });
  return { ratingsDeleted };
}

/** The stored customer and any other the provider keeps with the user's id (made before one was stored). */
async function deleteCustomers(
  payments: Pick<PaymentsGateway, 'deleteCustomer' | 'customersOf'>,
  userId: string,
  stored: string | null | undefined,
): Promise<void> {
  const found = await payments.customersOf(userId);
  const all = new Set([...(typeof stored === 'string' && stored ? [stored] : []), ...found]);
  for (const id of all) await payments.deleteCustomer(id);
}
