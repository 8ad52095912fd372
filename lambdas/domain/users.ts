/** User profiles: created idempotently from the token's claims, read, edited and deleted. */
import { emailLocalPart, federatedProfileNames, personNameFromSignIn, usernameFromSignIn } from '#shared/names.ts';
import type { UserProfile, ProfilePatch } from '#shared/schemas.ts';
import type { Caller } from './caller.ts';
import { accountDeleted } from './errors.ts';
import { systemClock, type Clock, type Db } from './db.ts';
import type { ReportEvent } from './events.ts';
import { ConditionFailed } from './ports/condition-failed.ts';
import type { MarkDeletedOutcome, ProfileDefaults, UserItem } from './ports/users.ts';
import { settleExpiredReservation } from './reservations.ts';
import { forgetFaces } from './identity.ts';

export type { ProfileDefaults, UserItem } from './ports/users.ts';

/**
 * Pure: the profile fields a new user starts with.
 * Federated (Google) users: shared/names.ts federatedProfileNames (display name, else the e-mail's local part, else 'User').
 * Others: the chosen username (preferred_username when the pool signs in by e-mail, else cognito:username).
 */
export function profileDefaults(caller: Caller): ProfileDefaults {
  const email = caller.email ?? '';
  // every name from sign-in data is brought into the rule PATCH /api/me enforces (shared/names.ts)
  if (caller.federated) return { ...federatedProfileNames(caller), email };
  return {
    username:
      usernameFromSignIn(caller.preferredUsername) ??
      usernameFromSignIn(caller.cognitoUsername) ??
      usernameFromSignIn(emailLocalPart(caller.email)) ??
      'User',
    email,
    firstName: personNameFromSignIn(caller.givenName),
    lastName: personNameFromSignIn(caller.familyName),
  };
}

export function newUserItem(userId: string, defaults: ProfileDefaults, now: Date): UserItem {
  const at = now.toISOString();
  return {
    userId,
    ...defaults,
    bio: null,
    profileImageUrl: null,
    stripeCustomerId: null,
    credits: 0,
    createdAt: at,
    updatedAt: at,
  };
}

/** The wire shape (UserProfileSchema): `id` is the user id; bookkeeping fields stay on the server. */
export function toProfile(item: UserItem): UserProfile {
  return {
    id: item.userId,
    username: item.username,
    email: item.email ?? '',
    firstName: item.firstName ?? null,
    lastName: item.lastName ?? null,
    bio: item.bio ?? null,
    profileImageUrl: item.profileImageUrl ?? null,
    stripeCustomerId: item.stripeCustomerId ?? null,
    credits: typeof item.credits === 'number' ? item.credits : 0,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    lastPurchase: item.lastPurchase ?? null,
    lastPurchaseAmount: item.lastPurchaseAmount ?? null,
    lastPurchaseCredits: item.lastPurchaseCredits ?? null,
    birthYear: item.birthYear ?? null,
    progressTracking: item.progressTracking === true,
  };
}

export interface UsersDeps {
  db: Db;
  clock?: Clock;
  /** told when a dead analysis's reservation is refunded on the way (metrics) */
  events?: ReportEvent;
}

export async function getUser(deps: UsersDeps, userId: string): Promise<UserItem | undefined> {
  return deps.db.users.get(userId);
}

/** Creates the item unless one exists; true when this call created it. */
export async function createUserIfAbsent(deps: UsersDeps, item: UserItem): Promise<boolean> {
  return deps.db.users.createIfAbsent(item);
}

/**
 * The caller's profile, created on first sight (idempotent under concurrency: a conditional put, then a read).
 * A provisional item (made by a payment that arrived first) gets its identity fields from the claims. An expired
 * analysis reservation (its Lambda died) is refunded here, so any signed-in request of the user settles it.
 */
export async function ensureProfile(deps: UsersDeps, caller: Caller): Promise<UserItem> {
  const clock = deps.clock ?? systemClock;
  const existing = await getUser(deps, caller.userId);
  if (existing?.deletedAt) throw accountDeleted();
  if (existing && !existing.provisional) {
    if (!(await settleExpiredReservation(deps, caller.userId, existing.pendingAnalysis))) return existing;
    return (await getUser(deps, caller.userId)) ?? existing;
  }
  if (existing?.provisional) return adoptProvisional(deps, caller, clock);
  const item = newUserItem(caller.userId, profileDefaults(caller), clock.now());
  if (await createUserIfAbsent(deps, item)) return item;
  const raced = await getUser(deps, caller.userId);
  if (!raced) throw new Error(`profile ${caller.userId} vanished while being created`);
  return raced.provisional ? adoptProvisional(deps, caller, clock) : raced;
}

async function adoptProvisional(deps: UsersDeps, caller: Caller, clock: Clock): Promise<UserItem> {
  const adopted = await deps.db.users.adoptProvisional(
    caller.userId,
    profileDefaults(caller),
    clock.now().toISOString(),
  );
  if (adopted) return adopted;
  const item = await getUser(deps, caller.userId);
  if (!item) throw new Error(`profile ${caller.userId} vanished while being adopted`);
  return item;
}

/**
 * Every write to a profile holds only while it is live, and ensureProfile found it live: a write refused for that
 * reason met a deletion that came in between, and is answered as the deleted account it is.
 */
async function whileLive<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof ConditionFailed) throw accountDeleted();
    throw err;
  }
}

/**
 * Merges the given fields (an empty text clears it, but the username) and sets updatedAt; the item exists (ensureProfile
 * ran). Progress tracking turned off deletes every face descriptor stored with the user's ratings, after the profile
 * says off (an analysis finishing meanwhile reads it and keeps none: analyze.ts).
 */
export async function patchProfile(deps: UsersDeps, userId: string, patch: ProfilePatch): Promise<UserItem> {
  const clock = deps.clock ?? systemClock;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    fields[key] = typeof value === 'string' && value === '' && key !== 'username' ? null : value;
  }
  const patched = await whileLive(() => deps.db.users.patch(userId, fields, clock.now().toISOString()));
  if (patch.progressTracking === false) await forgetFaces(deps.db, userId);
  return patched;
}

/**
 * Stores the Stripe customer id unless one is already stored; returns the id that is stored afterwards. A profile
 * deleted (or gone) meanwhile is the deleted-account error.
 */
export async function setStripeCustomerIfAbsent(deps: UsersDeps, userId: string, customerId: string): Promise<string> {
  const clock = deps.clock ?? systemClock;
  if (await deps.db.users.setStripeCustomerIfAbsent(userId, customerId, clock.now().toISOString())) return customerId;
  const user = await getUser(deps, userId);
  if (!user || user.deletedAt !== undefined) throw accountDeleted();
  const stored = user.stripeCustomerId;
  if (typeof stored === 'string' && stored) return stored;
  throw new Error(`profile ${userId} refused a customer id without holding one`);
}

/** Replaces a stored customer id that the payment provider no longer knows. */
export async function replaceStripeCustomer(deps: UsersDeps, userId: string, customerId: string): Promise<void> {
  const clock = deps.clock ?? systemClock;
  await whileLive(() => deps.db.users.replaceStripeCustomer(userId, customerId, clock.now().toISOString()));
}

/**
 * Deletion, first step: the profile is replaced by a tombstone holding only the user id and the time. Every write to a
 * profile requires a live one, the reservation of an analysis in flight is gone with the rest (so its rating cannot be
 * stored), and a signed-in call with a token issued before the deletion is refused (ensureProfile): nothing can bring
 * the account back. No personal data stays. Written once: a second deletion leaves the tombstone as it is (its time
 * and the refunds of late payments recorded on it). Says what the tombstone replaced, when this call wrote it.
 */
export async function markDeleted(deps: UsersDeps, userId: string): Promise<MarkDeletedOutcome> {
  const clock = deps.clock ?? systemClock;
  return deps.db.users.markDeleted(userId, clock.now().toISOString());
}
