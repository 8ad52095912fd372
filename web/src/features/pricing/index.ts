/** What other features may use of this feature; everything else in the folder is its own. */
export { usePackages } from './use-packages.ts';
export { DISTINGUISHING_FEATURES } from './distinguishing-features.ts';
export { ENTRY_PRICE_TEXT } from './entry-price.ts';
export { CheckList } from './CheckList.tsx';
