/** How many credits a paid checkout session buys. */
import { AMOUNT_FALLBACK_BEFORE, PACKAGES, PRICE_CURRENCY, fallbackCreditsForAmount } from '#shared/packages.ts';

export interface CreditSource {
  metadata: Record<string, string> | null | undefined;
  amountTotal: number | null | undefined;
  /** ISO currency of amountTotal (lowercase, as Stripe spells it) */
  currency?: string | null;
  /** when the payment provider created the session (epoch milliseconds); the amount fallback needs it */
  createdAt?: number | null;
}

export type CreditDecision =
  | { credits: number; source: 'metadata' | 'amount-fallback' }
  /** paid, but not what our checkout sells: nothing is credited, and why is logged */
  | { refused: string }
  | undefined;

/** A positive integer in decimal digits (no sign, no exponent, no fraction), at most 10000. */
export function parseNumCredits(raw: string): number | undefined {
  if (!/^\d{1,6}$/.test(raw.trim())) return undefined;
  const n = Number(raw.trim());
  return n > 0 && n <= 10_000 ? n : undefined;
}

/**
 * metadata.numCredits (set by our own checkout from the package table) wins, and only when the session paid exactly what
 * shared/packages.ts asks for the pack it names (metadata.packageId): that amount, in that currency, for that many
 * credits. Stripe signs what it sends, not what it was asked to sell: a Payment Link, the dashboard or another app on
 * the same account can create a paid session with any metadata. Only a session without numCredits, created before our
 * checkout wrote it (AMOUNT_FALLBACK_BEFORE) and paid in the price currency, is credited from the spec's old amount
 * table; never one that paid nothing. A present but invalid numCredits credits nothing.
 */
export async function determineCredits(src: CreditSource): Promise<CreditDecision> {
  const raw = src.metadata?.numCredits;
  const currency = (src.currency ?? 'none').toLowerCase();
  if (raw !== undefined && raw !== null) {
    const n = parseNumCredits(String(raw));
    if (n === undefined) return undefined;
    const pkg = PACKAGES.find((p) => p.id === src.metadata?.packageId);
    if (!pkg) return { refused: `unknown pack ${JSON.stringify(src.metadata?.packageId ?? null)}` };
    if (n !== pkg.numRatings)
      return { refused: `${n} credits claimed for pack ${pkg.id}, which holds ${pkg.numRatings}` };
    if (currency !== PRICE_CURRENCY)
      return { refused: `paid in ${currency}, pack ${pkg.id} is priced in ${PRICE_CURRENCY}` };
    if (src.amountTotal !== pkg.price)
      return { refused: `paid ${src.amountTotal ?? 'nothing'}, pack ${pkg.id} costs ${pkg.price}` };
    return { credits: n, source: 'metadata' };
  }
  if (currency !== PRICE_CURRENCY) return { refused: `paid in ${currency} without a pack` };
  if (typeof src.createdAt !== 'number' || !(src.createdAt < AMOUNT_FALLBACK_BEFORE)) {
    const created = typeof src.createdAt === 'number' ? new Date(src.createdAt).toISOString() : 'at an unknown time';
    return {
      refused: `no pack, created ${created}: only sessions before our checkout wrote numCredits use the amount`,
    };
  }
  const n = fallbackCreditsForAmount(src.amountTotal);
  return n === undefined ? undefined : { credits: n, source: 'amount-fallback' };
}
