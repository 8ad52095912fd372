/**
 * What the analysis does not read well yet, in a consumer's words: docs/analysis.md ("What it does not read well yet")
 * holds each one with its held-out figures; update both together.
 */
export const KNOWN_LIMITS = [
  'Telling the last two stages apart (6 and 7) on a photo taken from above: both score alike.',
  'The crown photographed from behind: it ranks less well than from above, so take the crown photo from above.',
  'Bald heads with medium-brown skin seen from above score a few points higher than lighter-skinned ones of the same stage.',
  'White or silver hair can still be missed (most often with the head tipped down, or on a small photo against a light background), which lowers the score.',
  'Thin hair combed over a bald top can make it look fuller than it is.',
] as const;
