import { formatDollars, PACKAGES } from '#shared/packages.ts';

/** The smallest pack, whose price stands beside the landing page's main call to action. */
const smallest = PACKAGES.reduce((a, b) => (b.price < a.price ? b : a));

export const ENTRY_PRICE_TEXT = `${smallest.numRatings} ratings for ${formatDollars(smallest.price)} · one credit per analysis`;
