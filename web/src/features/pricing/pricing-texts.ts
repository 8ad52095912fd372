export const PRICING_NOTES = {
  cancelled: 'Payment cancelled: nothing was charged. Choose a pack whenever you are ready.',
  noCredits: 'You have 0 credits: each analysis uses one, so choose a pack to rate your photo.',
} as const;
