/** How many credits a paid checkout session buys. */
import { fallbackCreditsForAmount } from '../../shared/packages.ts';

export interface CreditSource {
  metadata: Record<string, string> | null | undefined;
  amountTotal: number | null | undefined;
  /** line item names/descriptions, read only when the fallback needs them */
  lineItemText?: () => Promise<string>;
}

export type CreditDecision = { credits: number; source: 'metadata' | 'amount-fallback' } | undefined;

/** A positive integer in decimal digits (no sign, no exponent, no fraction), at most 10000. */
export function parseNumCredits(raw: string): number | undefined {
  if (!/^\d{1,6}$/.test(raw.trim())) return undefined;
  const n = Number(raw.trim());
  return n > 0 && n <= 10_000 ? n : undefined;
}

/**
 * metadata.numCredits (set by our own checkout from the package table) wins; only a session without it is credited
 * from the spec's old amount table. A present but invalid numCredits credits nothing.
 */
export async function determineCredits(src: CreditSource): Promise<CreditDecision> {
  const raw = src.metadata?.numCredits;
  if (raw !== undefined && raw !== null) {
    const n = parseNumCredits(String(raw));
    return n === undefined ? undefined : { credits: n, source: 'metadata' };
  }
  const text = src.amountTotal === 0 && src.lineItemText ? await src.lineItemText() : '';
  const n = fallbackCreditsForAmount(src.amountTotal, text);
  return n === undefined ? undefined : { credits: n, source: 'amount-fallback' };
}
