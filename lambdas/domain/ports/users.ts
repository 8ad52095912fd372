/**
 * The users table as the domain needs it: one item per user holding the profile, the credit balance, the analysis in
 * flight and the purchase ledger. Every method is one atomic write (or one strongly consistent read); the conditions
 * each write holds are part of its contract, honoured alike by the DynamoDB store and the in-memory one.
 */
import type { LedgerStep, PurchaseRecord } from '../ledger.ts';

/** The pending analysis stored on the user's item (attribute `pendingAnalysis`). */
export interface PendingAnalysis {
  /** the rating id the analysis will be stored under */
  id: string;
  /** epoch milliseconds after which the reservation belongs to a dead invocation and is refunded */
  expiresAt: number;
  startedAt: string;
  /** the Checkout Session whose refund or dispute claimed this reservation's credit (reversals.ts): if the analysis
   * fails, the credit goes to that payment instead of back to the balance */
  heldFor?: string;
}

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
  /** progress tracking opted in: a face descriptor is stored with each rating (identity.ts); absent: off */
  progressTracking?: boolean;
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

/** What a ledger step was computed from; the write holds only while all of it still holds. */
export interface LedgerBasis {
  userId: string;
  /** the entry's place in `purchases`, or -1 for a new entry (appended) */
  index: number;
  sessionId: string;
  /** the entry's version (undefined: written before the ledger, or new) */
  version: number | undefined;
  credits: number;
  /** the id of the analysis in flight, if any */
  pendingId: string | undefined;
}

export interface LedgerWrite {
  basis: LedgerBasis;
  step: LedgerStep;
  now: string;
  /** a late completion: the session joins processedSessions and becomes the last purchase */
  completion?: { credits: number; amountTotal: number | null };
}

/**
 * A refused reservation: what the write saw (no user at all, or the user with the reservation it holds, if any, or a
 * deleted account's tombstone).
 */
export type ReserveOutcome =
  { reserved: true } | { reserved: false; seen?: { pending?: PendingAnalysis; deleted?: boolean } };

/** What markDeleted found: the profile the tombstone replaced (this call wrote it), or a tombstone already there. */
export type MarkDeletedOutcome = { marked: true; replaced: UserItem | undefined } | { marked: false };

/** "Live": the item exists and is not a deleted account's tombstone. Every write to a profile requires it. */
export interface UserStore {
  /** strongly consistent */
  get(userId: string): Promise<UserItem | undefined>;
  /** true when this call created the item (none existed, tombstones included) */
  createIfAbsent(item: UserItem): Promise<boolean>;
  /** gives a provisional item (made by a payment) its identity; undefined when the item is not provisional */
  adoptProvisional(userId: string, names: ProfileDefaults, now: string): Promise<UserItem | undefined>;
  /** sets the fields and updatedAt on a live profile (ConditionFailed otherwise); the item afterwards */
  patch(userId: string, fields: Record<string, unknown>, now: string): Promise<UserItem>;
  /** on a live profile without a customer id: true when this call stored it */
  setStripeCustomerIfAbsent(userId: string, customerId: string, now: string): Promise<boolean>;
  /** on a live profile (ConditionFailed otherwise) */
  replaceStripeCustomer(userId: string, customerId: string, now: string): Promise<void>;
  /**
   * replaces the item, whatever it held, by a tombstone, unless it is one already: a tombstone is written once, so
   * its time and the refunds recorded on it stay
   */
  markDeleted(userId: string, at: string): Promise<MarkDeletedOutcome>;
  /** takes one credit and records `pending`, on a user with no analysis in flight and at least one credit */
  reserveCredit(userId: string, pending: PendingAnalysis): Promise<ReserveOutcome>;
  /** one credit back and the reservation closed, while reservation `id` is in flight and holds nothing */
  refundReservation(userId: string, id: string, now: string): Promise<boolean>;
  /**
   * Closes reservation `reservationId` whose credit the payment of `entry` holds and writes the entry (version + 1),
   * while the reservation is held for it and the entry at `index` is still at `version`.
   */
  endHeldReservation(w: {
    userId: string;
    reservationId: string;
    index: number;
    version: number | undefined;
    entry: PurchaseRecord;
    now: string;
  }): Promise<boolean>;
  /**
   * Fulfils a purchase: adds its credits, appends its entry and marks its session processed, on a live profile that
   * has neither processed the session nor seen a refund or dispute of it first, and records the session as credited
   * to this user in the global record of credited sessions (creditedTo), in the same transaction: a session no other
   * user has been credited for. The balance afterwards, or undefined.
   */
  fulfilPurchase(userId: string, purchase: PurchaseRecord, now: string): Promise<number | undefined>;
  /**
   * the user a Checkout Session belongs to (the global record, written with its credit, or with the ledger entry its
   * refund or dispute made first), undefined when none was recorded
   */
  creditedTo(sessionId: string): Promise<string | undefined>;
  /**
   * writes one ledger step; false when the state it was computed from has moved. A completion, or a new entry (a
   * refund or dispute before the completion), also records the session as this user's in the global record, and is
   * refused when it names another user.
   */
  writeLedgerStep(w: LedgerWrite): Promise<boolean>;
  /** on a tombstone: records the refund of a payment that arrived after the deletion; false when recorded already */
  recordRefundOnTombstone(r: { userId: string; sessionId: string; refundId: string; at: string }): Promise<boolean>;
}
