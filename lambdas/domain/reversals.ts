/**
 * Stripe stays the truth about money: every `charge.refunded` and `charge.dispute.*` event, and every completion, moves
 * the payment's ledger entry (ledger.ts) towards what Stripe says, whatever the order they arrive in. Credits the
 * payment lost and the user has not spent are taken back, never below zero; a credit held by the analysis in flight is
 * claimed (it stays spent if the analysis succeeds, and goes to the payment if it is refunded); a refund or dispute
 * before the completion is recorded, and the late completion credits only what is left. Each step is one conditional
 * write computed from one read; when anything moved in between it is read and computed again.
 */
import { systemClock, type Clock, type Db } from './db.ts';
import {
  applyFact,
  completeLate,
  fromStored,
  isNoOp,
  settle,
  stateOf,
  type LedgerStep,
  type PaymentFact,
  type PurchaseState,
} from './ledger.ts';
import type { LedgerBasis, UserItem } from './ports/users.ts';
import { createUserIfAbsent, getUser, newUserItem } from './users.ts';

const MAX_ATTEMPTS = 8;

export interface ReversalDeps {
  db: Db;
  clock?: Clock;
}

export interface PaymentEvent {
  userId: string;
  sessionId: string;
  currency: string | null;
  fact: PaymentFact;
}

export type ReversalOutcome =
  | { changed: true; creditsTaken: number; creditsReturned: number; credits: number; state: PurchaseState }
  | {
      changed: false;
      why: 'account deleted' | 'nothing to change' | 'purchase not recorded' | 'session of another account';
    };

const accountOf = (user: UserItem) => ({
  credits: user.credits ?? 0,
  ...(user.pendingAnalysis
    ? {
        pending: {
          id: user.pendingAnalysis.id,
          ...(user.pendingAnalysis.heldFor ? { heldFor: user.pendingAnalysis.heldFor } : {}),
        },
      }
    : {}),
});

const basisOf = (user: UserItem, index: number, sessionId: string, version: number | undefined): LedgerBasis => ({
  userId: user.userId,
  index,
  sessionId,
  version,
  credits: user.credits ?? 0,
  pendingId: user.pendingAnalysis?.id,
});

function changed(user: UserItem, step: LedgerStep): ReversalOutcome {
  return {
    changed: true,
    creditsTaken: Math.max(0, -step.creditsDelta),
    creditsReturned: Math.max(0, step.creditsDelta),
    credits: (user.credits ?? 0) + step.creditsDelta,
    state: step.entry.state ?? stateOf(step.entry),
  };
}

/** A refund or dispute event of one of our payments, applied to its entry (made first if the completion is late). */
export async function recordPaymentEvent(deps: ReversalDeps, e: PaymentEvent): Promise<ReversalOutcome> {
  const clock = deps.clock ?? systemClock;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const now = clock.now().toISOString();
    const user = await getUser(deps, e.userId);
    if (!user) {
      // the payment's events came before the user's first call and before its completion: a provisional profile holds them
      const item = newUserItem(e.userId, { username: 'User', email: '', firstName: null, lastName: null }, clock.now());
      await createUserIfAbsent(deps, { ...item, provisional: true });
      continue;
    }
    if (user.deletedAt) return { changed: false, why: 'account deleted' };
    const purchases = user.purchases ?? [];
    const index = purchases.findIndex((p) => p.sessionId === e.sessionId);
    const eventId = e.fact.eventId;
    if (index < 0) {
      // credited before purchases were recorded: nothing to compute from
      if ((user.processedSessions ?? []).includes(e.sessionId)) return { changed: false, why: 'purchase not recorded' };
      const entry = applyFact(
        {
          sessionId: e.sessionId,
          credits: 0,
          amountTotal: null,
          currency: e.currency,
          at: now,
          awaitingCompletion: true,
        },
        e.fact,
      );
      const step = settle({ ...entry, eventId }, accountOf(user));
      if (await deps.db.users.writeLedgerStep({ basis: basisOf(user, -1, e.sessionId, undefined), step, now })) {
        return changed(user, step);
      }
      // the session belongs to another account (the global record of credited sessions): not this ledger's
      const owner = await deps.db.users.creditedTo(e.sessionId);
      if (owner !== undefined && owner !== e.userId) return { changed: false, why: 'session of another account' };
      continue;
    }
    const stored = purchases[index]!;
    const before = fromStored(stored);
    const step = settle(applyFact(before, e.fact), accountOf(user));
    if (isNoOp(before, step) && stored === before) return { changed: false, why: 'nothing to change' };
    step.entry.eventId = eventId;
    if (await deps.db.users.writeLedgerStep({ basis: basisOf(user, index, e.sessionId, stored.v), step, now })) {
      return isNoOp(before, step) ? { changed: false, why: 'nothing to change' } : changed(user, step);
    }
  }
  throw new Error(`could not record ${e.fact.kind} ${e.fact.eventId} on purchase ${e.sessionId} of ${e.userId}`);
}

/**
 * The completion of a payment whose refund or dispute arrived first (fulfil.ts): the pack's credits less what the
 * payment has lost already. Null when the session was credited meanwhile (another delivery, the return page).
 */
export async function completeAfterEarlyEvents(
  deps: ReversalDeps,
  c: { userId: string; sessionId: string; credits: number; amountTotal: number | null },
): Promise<{ added: number; credits: number } | null> {
  const clock = deps.clock ?? systemClock;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const now = clock.now().toISOString();
    const user = await getUser(deps, c.userId);
    if (!user || user.deletedAt || (user.processedSessions ?? []).includes(c.sessionId)) return null;
    const index = (user.purchases ?? []).findIndex((p) => p.sessionId === c.sessionId);
    const stored = user.purchases?.[index];
    if (!stored?.awaitingCompletion) return null;
    const step = completeLate({ ...stored, amountTotal: stored.amountTotal ?? c.amountTotal }, c.credits, now);
    const completion = { credits: c.credits, amountTotal: c.amountTotal };
    if (
      await deps.db.users.writeLedgerStep({ basis: basisOf(user, index, c.sessionId, stored.v), step, now, completion })
    ) {
      return { added: step.creditsDelta, credits: (user.credits ?? 0) + step.creditsDelta };
    }
  }
  throw new Error(`could not complete purchase ${c.sessionId} of ${c.userId}`);
}
