/** What other features may use of this feature; everything else in the folder is its own. */
export { default as ResultActions } from './ResultActions.tsx';
export { captureChallenge } from './challenge-storage.ts';
export { useSharedRating } from './use-share.ts';
