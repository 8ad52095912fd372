/** User profiles: created idempotently from the token's claims, read, edited and deleted. */
import { emailLocalPart, federatedProfileNames, personNameFromSignIn, usernameFromSignIn } from '#shared/names.ts';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UserProfile, ProfilePatch } from '#shared/schemas.ts';
import type { Caller } from './caller.ts';
import { accountDeleted } from './errors.ts';
import { LIVE_PROFILE, isConditionalCheckFailed, systemClock, type Clock, type Db } from './db.ts';
import type { ReportEvent } from './events.ts';
import type { PurchaseRecord } from './ledger.ts';
import { settleExpiredReservation, type PendingAnalysis } from './reservations.ts';

export type { PurchaseRecord } from './ledger.ts';

/** the condition of every write to a profile (db.ts) */
export { LIVE_PROFILE };

/** The stored item: the profile's fields (keyed by userId) plus purchase bookkeeping. */
export interface UserItem {
  userId: string;
  /** set on a deleted account's tombstone (markDeleted), which holds nothing else but the refunds below */
  deletedAt?: string;
  /** on a tombstone: payments that arrived after the deletion, refunded once each (the webhook) */
  refundedSessions?: string[];
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  /** optional, set by PATCH /api/me; only for the comparison with men of the same age */
  birthYear?: number | null;
  profileImageUrl: string | null;
  stripeCustomerId: string | null;
  credits: number;
  createdAt: string;
  updatedAt: string;
  lastPurchase?: string | null;
  lastPurchaseAmount?: number | null;
  lastPurchaseCredits?: number | null;
  processedSessions?: string[];
  /** the purchase ledger (ledger.ts): one entry per Checkout Session, appended by fulfil in the same update as
   * processedSessions, or by a refund or dispute that came before the completion */
  purchases?: PurchaseRecord[];
  /** sessions whose refund or dispute arrived before their completion (their entry waits for it) */
  reversedEarly?: string[];
  /** set when the item was created by a payment before the user's first API call; replaced by claims later */
  provisional?: boolean;
  /** the credit reservation of the analysis in flight (reservations.ts), absent otherwise */
  pendingAnalysis?: PendingAnalysis;
}

export interface ProfileDefaults {
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

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
  };
}

export interface UsersDeps {
  db: Db;
  clock?: Clock;
  /** told when a dead analysis's reservation is refunded on the way (metrics) */
  events?: ReportEvent;
}

export async function getUser(deps: UsersDeps, userId: string): Promise<UserItem | undefined> {
  const out = await deps.db.doc.send(
    new GetCommand({ TableName: deps.db.tables.users, Key: { userId }, ConsistentRead: true }),
  );
  return out.Item as UserItem | undefined;
}

/** Creates the item unless one exists; true when this call created it. */
export async function createUserIfAbsent(deps: UsersDeps, item: UserItem): Promise<boolean> {
  try {
    await deps.db.doc.send(
      new PutCommand({
        TableName: deps.db.tables.users,
        Item: item,
        ConditionExpression: 'attribute_not_exists(userId)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
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
  const d = profileDefaults(caller);
  try {
    const out = await deps.db.doc.send(
      new UpdateCommand({
        TableName: deps.db.tables.users,
        Key: { userId: caller.userId },
        UpdateExpression:
          'SET username = :u, email = :e, firstName = :f, lastName = :l, updatedAt = :now REMOVE provisional',
        ConditionExpression: 'provisional = :true',
        ExpressionAttributeValues: {
          ':u': d.username,
          ':e': d.email,
          ':f': d.firstName,
          ':l': d.lastName,
          ':now': clock.now().toISOString(),
          ':true': true,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as UserItem;
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
    const item = await getUser(deps, caller.userId);
    if (!item) throw new Error(`profile ${caller.userId} vanished while being adopted`);
    return item;
  }
}

/** Merges the given fields and sets updatedAt; the item exists (ensureProfile ran). */
export async function patchProfile(deps: UsersDeps, userId: string, patch: ProfilePatch): Promise<UserItem> {
  const clock = deps.clock ?? systemClock;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': clock.now().toISOString() };
  const sets = ['#updatedAt = :now'];
  names['#updatedAt'] = 'updatedAt';
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    names[`#${key}`] = key;
    values[`:${key}`] = typeof value === 'string' && value === '' && key !== 'username' ? null : value;
    sets.push(`#${key} = :${key}`);
  }
  const out = await deps.db.doc.send(
    new UpdateCommand({
      TableName: deps.db.tables.users,
      Key: { userId },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: LIVE_PROFILE,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return out.Attributes as UserItem;
}

/** Stores the Stripe customer id unless one is already stored; returns the id that is stored afterwards. */
export async function setStripeCustomerIfAbsent(deps: UsersDeps, userId: string, customerId: string): Promise<string> {
  const clock = deps.clock ?? systemClock;
  try {
    await deps.db.doc.send(
      new UpdateCommand({
        TableName: deps.db.tables.users,
        Key: { userId },
        UpdateExpression: 'SET stripeCustomerId = :c, updatedAt = :now',
        ConditionExpression: `${LIVE_PROFILE} AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :null)`,
        ExpressionAttributeValues: { ':c': customerId, ':null': null, ':now': clock.now().toISOString() },
      }),
    );
    return customerId;
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
    const stored = (await getUser(deps, userId))?.stripeCustomerId;
    if (typeof stored === 'string' && stored) return stored;
    throw new Error(`profile ${userId} does not exist`);
  }
}

/** Replaces a stored customer id that the payment provider no longer knows. */
export async function replaceStripeCustomer(deps: UsersDeps, userId: string, customerId: string): Promise<void> {
  const clock = deps.clock ?? systemClock;
  await deps.db.doc.send(
    new UpdateCommand({
      TableName: deps.db.tables.users,
      Key: { userId },
      UpdateExpression: 'SET stripeCustomerId = :c, updatedAt = :now',
      ConditionExpression: LIVE_PROFILE,
      ExpressionAttributeValues: { ':c': customerId, ':now': clock.now().toISOString() },
    }),
  );
}

/**
 * Deletion, first step: the profile is replaced by a tombstone holding only the user id and the time. Every write to a
 * profile requires a live one (LIVE_PROFILE), the reservation of an analysis in flight is gone with the rest (so its
 * rating cannot be stored), and a signed-in call with a token issued before the deletion is refused (ensureProfile):
 * nothing can bring the account back. No personal data stays.
 */
export async function markDeleted(deps: UsersDeps, userId: string): Promise<void> {
  const clock = deps.clock ?? systemClock;
  await deps.db.doc.send(
    new PutCommand({ TableName: deps.db.tables.users, Item: { userId, deletedAt: clock.now().toISOString() } }),
  );
}
