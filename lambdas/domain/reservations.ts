/**
 * Credit reservations for analyses. One conditional write on the user's item takes a credit and records the pending
 * analysis (its id, when it expires) before any work; the same attribute is the per-user lock, so a second request
 * while one is in flight is refused ('analysis-in-flight') without costing anything. Completion (rating written,
 * reservation closed) and refund (credit back, reservation closed) are each atomic and conditioned on the
 * reservation's id, so a credit pays for at most one analysis run, ever.
 *
 * A reservation whose Lambda died (timeout, crash) is refunded lazily: by the user's next signed-in request
 * (ensureProfile) or next reservation attempt, once it has expired. It expires well after the analysis Lambda's own
 * timeout, so a live invocation never loses its reservation.
 */
import { logger } from '../logging.ts';
import { ROUTES } from '#shared/routes.ts';
import { DomainError, accountDeleted } from './errors.ts';
import { reportNothing, type ReportEvent } from './events.ts';
import { systemClock, type Clock, type Db } from './db.ts';
import { API_MESSAGES } from './messages.ts';
import { fromStored, stateOf, type PurchaseRecord } from './ledger.ts';
import type { PendingAnalysis } from './ports/users.ts';

export type { PendingAnalysis } from './ports/users.ts';

const ANALYZE_TIMEOUT_SECONDS = ROUTES.find((r) => r.name === 'analyzeHairline')!.timeoutSeconds;
/** The analysis Lambda's timeout plus a margin: an invocation still alive cannot outlast its reservation. */
export const RESERVATION_TTL_MS = (ANALYZE_TIMEOUT_SECONDS + 31) * 1000;

const MAX_RESERVE_ATTEMPTS = 3;
/** a held reservation's end races only the ledger's own writes: a few reads are enough */
const MAX_HELD_ATTEMPTS = 8;

export const isExpired = (p: PendingAnalysis, now: Date) => p.expiresAt <= now.getTime();

export interface ReservationDeps {
  db: Db;
  clock?: Clock;
  /** told of each credit reserved, refunded or expired (metrics) */
  events?: ReportEvent;
}

/**
 * Takes one credit and records the pending analysis `id`, or refuses: 'analysis-in-flight' while another analysis of
 * this user is in flight, 'insufficient-credits' without credits (in that order: a refused request needs no balance
 * check). An expired reservation found on the way is refunded first.
 */
export async function reserveAnalysis(deps: ReservationDeps, userId: string, id: string): Promise<PendingAnalysis> {
  const clock = deps.clock ?? systemClock;
  for (let attempt = 1; ; attempt++) {
    const now = clock.now();
    const pending: PendingAnalysis = {
      id,
      expiresAt: now.getTime() + RESERVATION_TTL_MS,
      startedAt: now.toISOString(),
    };
    const out = await deps.db.users.reserveCredit(userId, pending);
    if (out.reserved) {
      (deps.events ?? reportNothing)({ type: 'credit-reserved' });
      return pending;
    }
    const seen = out.seen;
    if (!seen) throw new Error(`profile ${userId} does not exist`);
    // deleted since the handler found the profile live
    if (seen.deleted) throw accountDeleted();
    const retry = attempt < MAX_RESERVE_ATTEMPTS;
    if (seen.pending) {
      if (!isExpired(seen.pending, now) || !retry) {
        throw new DomainError('analysis-in-flight', API_MESSAGES.analysisInFlight);
      }
      await refundReservation(deps, userId, seen.pending.id, 'expired');
      continue;
    }
    throw new DomainError('insufficient-credits', API_MESSAGES.notEnoughCredits);
  }
}

/**
 * Gives the credit back and closes the reservation, only while it is still `id`'s: true when this call refunded it.
 * A single-item conditional update, so the credit and the reservation change together or not at all.
 */
export async function refundReservation(
  deps: ReservationDeps,
  userId: string,
  id: string,
  reason: 'refused' | 'failed' | 'expired',
): Promise<boolean> {
  const clock = deps.clock ?? systemClock;
  if (await deps.db.users.refundReservation(userId, id, clock.now().toISOString())) {
    logger.info('analysis credit refunded', { userId, reservationId: id, reason });
    (deps.events ?? reportNothing)(
      reason === 'expired' ? { type: 'credit-expired' } : { type: 'credit-refunded', reason },
    );
    return true;
  }
  // completed or refunded already, or its credit is held by a refunded or disputed payment: then it goes there
  if (!(await endReservationHeldByPayment(deps, userId, id))) return false;
  logger.info('analysis credit kept by a refunded or disputed payment', { userId, reservationId: id, reason });
  return true;
}

/**
 * Ends a reservation whose credit a payment's refund or dispute holds (ledger.ts): the credit goes to that payment
 * (its entry counts it as taken) instead of back to the balance. False when the reservation is no longer `reservationId`'s
 * or holds nothing.
 */
async function endReservationHeldByPayment(
  deps: ReservationDeps,
  userId: string,
  reservationId: string,
): Promise<boolean> {
  const clock = deps.clock ?? systemClock;
  for (let attempt = 0; attempt < MAX_HELD_ATTEMPTS; attempt++) {
    const user = await deps.db.users.get(userId);
    const pending = user?.pendingAnalysis;
    if (!user || pending?.id !== reservationId || !pending.heldFor) return false;
    const index = (user.purchases ?? []).findIndex((p) => p.sessionId === pending.heldFor);
    const stored = user.purchases?.[index];
    if (!stored) return false;
    const entry: PurchaseRecord = { ...fromStored(stored) };
    entry.creditsTaken = (entry.creditsTaken ?? 0) + (entry.heldReservation === reservationId ? 1 : 0);
    delete entry.heldReservation;
    entry.state = stateOf(entry);
    const now = clock.now().toISOString();
    if (await deps.db.users.endHeldReservation({ userId, reservationId, index, version: stored.v, entry, now }))
      return true;
  }
  throw new Error(`could not end the held reservation ${reservationId} of ${userId}`);
}

/** Refunds the user's reservation if it has expired (its Lambda died); the lazy half of crash recovery. */
export async function settleExpiredReservation(
  deps: ReservationDeps,
  userId: string,
  pending: PendingAnalysis | undefined,
): Promise<boolean> {
  const now = (deps.clock ?? systemClock).now();
  if (!pending || !isExpired(pending, now)) return false;
  return refundReservation(deps, userId, pending.id, 'expired');
}

/** The reservation was no longer ours at completion (expired and refunded, or the account was deleted meanwhile). */
export const reservationLost = () => new DomainError('reservation-lost', API_MESSAGES.reservationLost);
