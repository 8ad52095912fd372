/**
 * The purchase ledger's rules (pure): one entry per Checkout Session, moved towards Stripe's truth by every event in
 * whatever order Stripe delivers them. An entry knows what was paid, what the pack holds, how much Stripe says is
 * refunded so far (`charge.amount_refunded`, cumulative), the payment's dispute, and what has been done about it:
 * credits taken back, credits that could not be taken because they were spent, and the one credit a running analysis
 * holds for it. From these the credits the payment has lost are derived, and one step says what to change so that
 * taken + spent-while-owed + held = lost. Applying the same facts again finds nothing to do: replays change nothing.
 */

/** Dispute statuses after which the money stays with us (Stripe: `won`; an inquiry closed without a chargeback). */
const DISPUTE_RELEASED = new Set(['won', 'warning_closed', 'prevented']);
/** Closed statuses: a later `charge.dispute.created` of the same dispute (a late or replayed delivery) is ignored. */
const DISPUTE_CLOSED = new Set(['won', 'lost', 'warning_closed', 'prevented']);

export interface DisputeRecord {
  id: string;
  status: string;
}

export type PurchaseState = 'completed' | 'partially-refunded' | 'refunded' | 'disputed' | 'refunded-before-completion';

/** One payment (Checkout Session) as stored in the user's `purchases` list. */
export interface PurchaseRecord {
  sessionId: string;
  /** the credits the pack holds (0 while the completion has not arrived) */
  credits: number;
  /** amount paid, in the currency's smallest unit */
  amountTotal: number | null;
  currency: string | null;
  /** when the entry was made (the completion, or the first refund or dispute that came before it) */
  at: string;
  /** set while a refund or dispute has arrived and the completion has not: nothing credited yet */
  awaitingCompletion?: boolean;
  /** Stripe's cumulative `amount_refunded` (the largest seen: events may arrive out of order) */
  amountRefunded?: number;
  dispute?: DisputeRecord;
  /** credits removed from the balance for this payment (a late completion's withheld credits included) */
  creditsTaken?: number;
  /** credits the payment lost that had been spent on analyses before (they stay spent) */
  creditsSpent?: number;
  /** the id of the analysis reservation whose credit this payment holds (reservations.ts) */
  heldReservation?: string;
  state?: PurchaseState;
  /** the last Stripe event applied */
  eventId?: string;
  /** version for the conditional write (absent on entries written before the ledger) */
  v?: number;
  /** the first reversal, as recorded before the ledger kept cumulative amounts */
  reversal?: { kind: 'refund' | 'dispute'; eventId: string; creditsTaken: number; at: string };
}

/** What a `charge.refunded` or `charge.dispute.*` event says about a payment. */
export type PaymentFact =
  | { kind: 'refund'; eventId: string; amountPaid: number; amountRefunded: number }
  | { kind: 'dispute'; eventId: string; amountPaid: number; disputeId: string; status: string };

/** The user's side at the time of a step: the balance and the analysis in flight, if any. */
export interface AccountView {
  credits: number;
  pending?: { id: string; heldFor?: string };
}

/** What one step changes: the balance (negative: taken), the reservation's hold, and the new entry. */
export interface LedgerStep {
  entry: PurchaseRecord;
  creditsDelta: number;
  /** claim the reservation's credit for this payment (it will not come back to the balance) */
  hold?: string;
  /** give the reservation's credit back to its analysis (a dispute won while it was held) */
  release?: string;
}

const taken = (p: PurchaseRecord) => p.creditsTaken ?? p.reversal?.creditsTaken ?? 0;
const isDisputeWithdrawn = (d: DisputeRecord | undefined) => d !== undefined && !DISPUTE_RELEASED.has(d.status);

/** The share of the payment Stripe no longer lets us keep: an open or lost dispute all of it, else what is refunded. */
export function lostShare(p: PurchaseRecord): number {
  if (isDisputeWithdrawn(p.dispute)) return 1;
  const refunded = p.amountRefunded ?? 0;
  if (refunded <= 0) return 0;
  if (!p.amountTotal || p.amountTotal <= 0) return 1;
  return Math.min(1, refunded / p.amountTotal);
}

/** The pack's credits the payment has lost: its share, rounded up (a refund of 1 cent of a pack costs one credit). */
export const creditsLost = (p: PurchaseRecord) =>
  // the tolerance keeps a share that is whole in exact arithmetic (399/399 × 10) from rounding up past it
  Math.max(0, Math.ceil(p.credits * lostShare(p) - 1e-9));

export function stateOf(p: PurchaseRecord): PurchaseState {
  if (p.awaitingCompletion) return 'refunded-before-completion';
  if (isDisputeWithdrawn(p.dispute)) return 'disputed';
  const share = lostShare(p);
  if (share >= 1) return 'refunded';
  if (share > 0) return 'partially-refunded';
  return 'completed';
}

/** Pure: the entry with a new fact applied. Cumulative amounts only grow; a closed dispute is not reopened. */
export function applyFact(p: PurchaseRecord, fact: PaymentFact): PurchaseRecord {
  const next: PurchaseRecord = { ...p, amountTotal: p.amountTotal ?? fact.amountPaid };
  if (fact.kind === 'refund') {
    next.amountRefunded = Math.max(p.amountRefunded ?? 0, fact.amountRefunded);
  } else {
    const known = p.dispute;
    const closedAlready = known?.id === fact.disputeId && DISPUTE_CLOSED.has(known.status);
    if (!closedAlready) next.dispute = { id: fact.disputeId, status: fact.status };
  }
  return next;
}

/** The credit a live reservation holds for this entry (a stale hold belongs to an analysis that completed: spent). */
function heldBy(p: PurchaseRecord, account: AccountView): 0 | 1 {
  return p.heldReservation !== undefined && account.pending?.id === p.heldReservation ? 1 : 0;
}

/**
 * Pure: what to change so the entry's credits match what the payment has lost. Takes from the balance first, then
 * claims the credit of the analysis in flight; whatever is left had been spent. When less is lost than was counted
 * (a dispute won), the hold is released and taken credits come back; spent ones are not counted twice.
 */
export function settle(p: PurchaseRecord, account: AccountView): LedgerStep {
  const entry: PurchaseRecord = { ...p };
  delete entry.reversal;
  let creditsTaken = taken(p);
  let creditsSpent = p.creditsSpent ?? 0;
  let held = heldBy(p, account);
  if (p.heldReservation !== undefined && !held) {
    // the analysis completed with a rating while the credit was held: that credit was spent
    creditsSpent += 1;
    delete entry.heldReservation;
  }
  let creditsDelta = 0;
  let hold: string | undefined;
  let release: string | undefined;
  const lost = p.awaitingCompletion ? 0 : creditsLost(p);
  let need = lost - creditsTaken - creditsSpent - held;
  if (need > 0) {
    const fromBalance = Math.min(need, Math.max(0, account.credits));
    creditsDelta -= fromBalance;
    creditsTaken += fromBalance;
    need -= fromBalance;
    if (need > 0 && account.pending && !account.pending.heldFor && !held) {
      hold = account.pending.id;
      entry.heldReservation = hold;
      held = 1;
      need -= 1;
    }
    creditsSpent += need;
  } else if (need < 0) {
    let excess = -need;
    const forgiven = Math.min(excess, creditsSpent);
    creditsSpent -= forgiven;
    excess -= forgiven;
    if (excess > 0 && held) {
      release = p.heldReservation;
      delete entry.heldReservation;
      held = 0;
      excess -= 1;
    }
    const back = Math.min(excess, creditsTaken);
    creditsTaken -= back;
    creditsDelta += back;
  }
  entry.creditsTaken = creditsTaken;
  entry.creditsSpent = creditsSpent;
  entry.state = stateOf(entry);
  return { entry, creditsDelta, ...(hold ? { hold } : {}), ...(release ? { release } : {}) };
}

/** Pure: the credits a completion adds to an entry that refunds or disputes reached first (nothing for a full refund). */
export function completeLate(p: PurchaseRecord, credits: number, at: string): LedgerStep {
  const entry: PurchaseRecord = { ...p, credits, at };
  delete entry.awaitingCompletion;
  const withheld = creditsLost(entry);
  entry.creditsTaken = withheld;
  entry.creditsSpent = 0;
  entry.state = stateOf(entry);
  return { entry, creditsDelta: credits - withheld };
}

/** true when a step changes nothing worth writing (a replay, or an event that moves nothing). */
export function isNoOp(before: PurchaseRecord, step: LedgerStep): boolean {
  if (step.creditsDelta !== 0 || step.hold || step.release) return false;
  return JSON.stringify(normalise(before)) === JSON.stringify(normalise(step.entry));
}

function normalise(p: PurchaseRecord): Record<string, unknown> {
  const { v: _v, eventId: _e, reversal, ...rest } = p;
  const out: Record<string, unknown> = {
    ...rest,
    creditsTaken: p.creditsTaken ?? reversal?.creditsTaken ?? 0,
    creditsSpent: p.creditsSpent ?? 0,
    state: p.state ?? stateOf(p),
  };
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** An entry as stored before the ledger kept cumulative amounts: its first reversal becomes the facts it implies. */
export function fromStored(p: PurchaseRecord): PurchaseRecord {
  if (!p.reversal || p.amountRefunded !== undefined || p.dispute) return p;
  const { reversal, ...rest } = p;
  const migrated: PurchaseRecord = { ...rest, creditsTaken: p.creditsTaken ?? reversal.creditsTaken };
  if (reversal.kind === 'dispute') migrated.dispute = { id: reversal.eventId, status: 'needs_response' };
  // the share refunded then is not known; what was taken is what it cost
  else migrated.amountRefunded = p.credits > 0 ? ((p.amountTotal ?? 0) * reversal.creditsTaken) / p.credits : 0;
  migrated.creditsSpent = 0;
  return migrated;
}
