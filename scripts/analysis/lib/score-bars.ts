/**
 * The bars the photo-copy checks (check:dim-light, check:grey-hair) hold a copy to: issue 55's "a bald or shaved head
 * scores 45 at most, in any light", and the bands a full hairline keeps.
 */
import { RATING_LABELS } from '#shared/scoring.ts';

export const BALD_MAX = 45;
/** "W Rizz" and above */
export const GOOD_BANDS: ReadonlySet<string> = new Set(RATING_LABELS.slice(RATING_LABELS.indexOf('W Rizz')));
