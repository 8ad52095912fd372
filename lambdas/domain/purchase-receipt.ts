/**
 * What the payment return page tells the buyer. The webhook usually credits a purchase before the browser comes back,
 * so "this call credited it" cannot tell a new purchase from an old one: the purchase record can. A session whose
 * record was made within RECEIPT_FRESH_MS (or that this call credited) is the buyer's new purchase, "Payment received";
 * an older one is an old return link opened again, "already processed".
 */
import type { Caller } from './caller.ts';
import { verifyCheckout, type CheckoutDeps, type VerifiedCheckout } from './checkout.ts';
import { systemClock } from './db.ts';
import { getUser } from './users.ts';

/** Stripe sends the buyer back seconds after paying; an hour allows for a slow return without calling a bookmark new. */
export const RECEIPT_FRESH_MS = 60 * 60 * 1000;

export interface PurchaseReceipt {
  /** the credits this session added, from its purchase record */
  credits: number;
  /** the buyer's own new purchase (false: an old session opened again) */
  fresh: boolean;
}

export type ConfirmedCheckout = VerifiedCheckout & { receipt: PurchaseReceipt };

export async function confirmCheckout(
  deps: CheckoutDeps,
  caller: Caller,
  sessionId: string | undefined,
): Promise<ConfirmedCheckout> {
  const verified = await verifyCheckout(deps, caller, sessionId);
  const now = (deps.clock ?? systemClock).now().getTime();
  const user = await getUser(deps, caller.userId);
  const record = user?.purchases?.find((p) => p.sessionId === verified.session.id);
  const recordedAt = record ? Date.parse(record.at) : Number.NaN;
  const credits = record?.credits ?? (verified.credited ? verified.added : 0);
  const fresh = verified.credited || (Number.isFinite(recordedAt) && now - recordedAt <= RECEIPT_FRESH_MS);
  return { ...verified, receipt: { credits, fresh } };
}
