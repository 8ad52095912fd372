/**
 * The one place credits are added. Called by the Stripe webhook and by verify-checkout-session, possibly at the same
 * time and many times for one session: ONE conditional write (UserStore.fulfilPurchase) appends the session id to
 * processedSessions, records the purchase ({ sessionId, credits, amountTotal, currency, at } appended to `purchases`,
 * for the account export) and adds the credits only when the id is not there yet, so a session is credited (and
 * recorded) at most once, ever. A session whose refund or dispute arrived first already has a ledger entry
 * (`reversedEarly`): it is completed through that entry, with only the credits the payment has not lost (reversals.ts).
 * What happened is returned as an outcome; the webhook and the return page each decide what to answer.
 *
 * One payment credits one account once: the same transaction records the session in a global record of credited
 * sessions (UserStore.creditedTo), so a session credited to one user is never credited to another, whatever its
 * metadata names; and a session whose `metadata.userId` differs from its `client_reference_id` (both written by our
 * checkout, so one of them was changed on Stripe's side) credits nobody.
 */
import { logEntry } from '../logging.ts';
import { determineCredits, type CreditSource } from './credits.ts';
import { systemClock, type Clock, type Db } from './db.ts';
import { reportNothing, type ReportEvent } from './events.ts';
import type { PurchaseRecord } from './ledger.ts';
import { completeAfterEarlyEvents } from './reversals.ts';
import { createUserIfAbsent, getUser, newUserItem } from './users.ts';

export interface PaidSession extends CreditSource {
  sessionId: string;
  userId: string;
  /** e-mail known to the payment provider; names a profile that a payment creates before the user's first call */
  email?: string | null;
  /** the session's client_reference_id: our checkout writes the user id there too; it must then equal `userId` */
  clientReferenceId?: string | null;
}

/**
 * What fulfil did with a paid session. `credited` is true only for the call that added the credits; `credits` is the
 * balance afterwards (0 when nothing was credited to a live profile).
 */
export type FulfilOutcome =
  /** this call added the credits */
  | { kind: 'credited'; credited: true; credits: number; added: number }
  /** the session had been credited before (another delivery, or the return page): nothing changed */
  | { kind: 'already-credited'; credited: false; credits: number; added: 0 }
  /** the session's user deleted the account before the payment arrived: nothing credited or created; give it back */
  | { kind: 'account-deleted'; credited: false; credits: 0; added: 0 }
  /** not what our checkout sells (logged with the reason): nothing credited, nothing a retry could change */
  | { kind: 'unrecognised'; credited: false; credits: 0; added: 0 };

export interface FulfilDeps {
  db: Db;
  clock?: Clock;
  log?: (entry: Record<string, unknown>) => void;
  /** told of every outcome (metrics) */
  events?: ReportEvent;
}

export async function fulfil(deps: FulfilDeps, session: PaidSession): Promise<FulfilOutcome> {
  const outcome = await creditOnce(deps, session);
  (deps.events ?? reportNothing)({ type: 'payment-fulfilled', outcome: outcome.kind, credits: outcome.added });
  return outcome;
}

async function creditOnce(deps: FulfilDeps, session: PaidSession): Promise<FulfilOutcome> {
  const log = deps.log ?? logEntry;
  const clock = deps.clock ?? systemClock;
  if (session.clientReferenceId && session.clientReferenceId !== session.userId) {
    log({
      level: 'ERROR',
      message: 'paid session refused: metadata.userId differs from client_reference_id',
      sessionId: session.sessionId,
      userId: session.userId,
      clientReferenceId: session.clientReferenceId,
    });
    return { kind: 'unrecognised', credited: false, credits: 0, added: 0 };
  }
  const decision = await determineCredits(session);
  if (!decision || 'refused' in decision) {
    log({
      level: 'ERROR',
      message: decision ? 'paid session refused: not what our checkout sells' : 'could not determine credits',
      ...(decision ? { reason: decision.refused } : {}),
      sessionId: session.sessionId,
      metadata: session.metadata,
      amountTotal: session.amountTotal,
      currency: session.currency ?? null,
    });
    return { kind: 'unrecognised', credited: false, credits: 0, added: 0 };
  }
  if (decision.source === 'amount-fallback') {
    log({
      level: 'WARN',
      message: 'credits from the amount fallback (no numCredits in metadata)',
      sessionId: session.sessionId,
      amountTotal: session.amountTotal,
      credits: decision.credits,
    });
  }

  for (let attempt = 0; attempt < 2; attempt++) {
    const now = clock.now().toISOString();
    const purchase: PurchaseRecord = {
      sessionId: session.sessionId,
      credits: decision.credits,
      amountTotal: session.amountTotal ?? null,
      currency: session.currency ?? null,
      at: now,
      creditsTaken: 0,
      state: 'completed',
      v: 1,
    };
    const credits = await deps.db.users.fulfilPurchase(session.userId, purchase, now);
    if (credits !== undefined) {
      log({
        level: 'INFO',
        message: 'credits added',
        sessionId: session.sessionId,
        userId: session.userId,
        added: decision.credits,
        credits,
      });
      return { kind: 'credited', credited: true, credits, added: decision.credits };
    }
    // The session was credited before (to this user or another), or the user has no profile yet (payment before the
    // first API call), or the account was deleted.
    const creditedTo = await deps.db.users.creditedTo(session.sessionId);
    if (creditedTo !== undefined && creditedTo !== session.userId) {
      log({
        level: 'ERROR',
        message: 'paid session refused: credited to another account before',
        sessionId: session.sessionId,
        userId: session.userId,
        creditedTo,
      });
      return { kind: 'unrecognised', credited: false, credits: 0, added: 0 };
    }
    const user = await getUser(deps, session.userId);
    if (user?.deletedAt) {
      // never turned into a new profile: the caller gives the money back (the webhook refunds it through Stripe)
      log({
        level: 'WARN',
        message: 'payment for a deleted account: not credited',
        sessionId: session.sessionId,
        userId: session.userId,
        amountTotal: session.amountTotal,
        currency: session.currency ?? null,
        deletedAt: user.deletedAt,
      });
      return { kind: 'account-deleted', credited: false, credits: 0, added: 0 };
    }
    if (user) {
      if ((user.processedSessions ?? []).includes(session.sessionId)) {
        return { kind: 'already-credited', credited: false, credits: user.credits ?? 0, added: 0 };
      }
      if ((user.reversedEarly ?? []).includes(session.sessionId)) return completeLate(deps, session, decision.credits);
      continue; // the profile appeared in between: try once more
    }
    const email = session.email ?? '';
    const item = newUserItem(
      session.userId,
      { username: email.split('@')[0] || 'User', email, firstName: null, lastName: null },
      clock.now(),
    );
    await createUserIfAbsent(deps, { ...item, provisional: true });
  }
  throw new Error(`could not credit session ${session.sessionId} for user ${session.userId}`);
}

/** The completion of a payment whose refund or dispute came first: only the credits it has not lost are added. */
async function completeLate(deps: FulfilDeps, session: PaidSession, credits: number): Promise<FulfilOutcome> {
  const log = deps.log ?? logEntry;
  const done = await completeAfterEarlyEvents(deps, {
    userId: session.userId,
    sessionId: session.sessionId,
    credits,
    amountTotal: session.amountTotal ?? null,
  });
  if (!done) {
    const user = await getUser(deps, session.userId);
    if (user?.deletedAt) return { kind: 'account-deleted', credited: false, credits: 0, added: 0 };
    return { kind: 'already-credited', credited: false, credits: user?.credits ?? 0, added: 0 };
  }
  log({
    level: 'INFO',
    message: 'late completion: credits added less what the payment lost before',
    sessionId: session.sessionId,
    userId: session.userId,
    added: done.added,
    credits: done.credits,
  });
  return { kind: 'credited', credited: true, credits: done.credits, added: done.added };
}

/**
 * The account a refund or dispute of a session moves: the one it was credited to (the global record), else the one its
 * metadata names, unless its client_reference_id names another (then none: such a session credited nobody).
 */
export async function accountOfSession(
  db: Db,
  session: { id: string; metadata: Record<string, string>; clientReferenceId?: string | null },
): Promise<string | undefined> {
  const credited = await db.users.creditedTo(session.id);
  if (credited !== undefined) return credited;
  const named = session.metadata.userId;
  if (!named || (session.clientReferenceId && session.clientReferenceId !== named)) return undefined;
  return named;
}
