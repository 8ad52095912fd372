/** What other features may use of this feature; everything else in the folder is its own. */
import { lazy } from 'react';

export { default as ResultActions } from './ResultActions.tsx';
export { captureChallenge } from './challenge-storage.ts';
export { useSharedRating } from './use-share.ts';

// the banner (and the query behind it) loads only when a challenge is pending
export const ChallengeBanner = lazy(() => import('./ChallengeBanner.tsx'));
