import type * as z from 'zod/mini';
import type { CreditPackageSchema } from './schemas.ts';
/** The currency of every price below (ISO 4217, lowercase as Stripe writes it). */
export const PRICE_CURRENCY = 'usd';

/** A credit pack as sold and as GET /api/packages answers it (its shape: CreditPackageSchema in schemas.ts). */
export type CreditPackage = z.infer<typeof CreditPackageSchema>;

const BASE_FEATURES = ['AI ratings', 'Score and analysis', 'Personalized commentary', 'Hairstyle suggestions'] as const;

export const PACKAGES: readonly CreditPackage[] = [
  {
    id: '10-ratings',
    name: '10 Hairline Ratings',
    description: 'Rate your hairline 10 times with full AI analysis.',
    price: 399,
    listPrice: 799,
    discountLabel: '50% OFF',
    numRatings: 10,
    popular: false,
    features: BASE_FEATURES,
  },
  {
    id: '50-ratings',
    name: '50 Hairline Ratings',
    description: 'Rate your hairline 50 times with full AI analysis and priority support.',
    price: 699,
    listPrice: 1499,
    discountLabel: '53% OFF',
    numRatings: 50,
    popular: true,
    features: [...BASE_FEATURES, 'Priority support'],
  },
];

/** The spec replaces the first underscore of a package id with a hyphen ('10_ratings' → '10-ratings'). */
export function normalizePackageId(id: string): string {
  return id.replace('_', '-');
}

export function findPackage(id: string): CreditPackage | undefined {
  const normalized = normalizePackageId(id);
  return PACKAGES.find((p) => p.id === normalized);
}

export function formatDollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * Sessions created without our metadata (older sessions) are credited from the amount paid: the spec's fallback table,
 * kept only for sessions created before our checkout wrote `numCredits` (AMOUNT_FALLBACK_BEFORE), and never for a
 * session that paid nothing (the spec credited those from the line item's text, which anyone can write).
 */
export function fallbackCreditsForAmount(amountTotal: number | null | undefined): number | undefined {
  if (amountTotal === 799) return 10;
  if (amountTotal === 1499) return 50;
  return undefined;
}

/**
 * The cut-off of the amount fallback: our checkout has written `numCredits` on every session since its first release
 * (2026-11-22), so a session created since then without it was not made by our checkout.
 */
export const AMOUNT_FALLBACK_BEFORE = Date.parse('2026-11-22T00:00:00Z');

/** Stripe's cancel link returns to /pricing with this query, and the pricing page says the payment was cancelled. */
export const CHECKOUT_CANCELLED_PARAM = { name: 'checkout', value: 'cancelled' } as const;
