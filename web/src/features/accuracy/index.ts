/** What other features may use of this feature; everything else in the folder is its own. */
export { AccuracyLink } from './AccuracyLink.tsx';
