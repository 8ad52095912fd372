/** How long (seconds) a share card may be cached, by browsers and at the edge: a revoked link's card is gone after this. */
export const SHARE_CARD_MAX_AGE = 300;
