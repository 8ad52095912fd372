/** What other features may use of this feature; everything else in the folder is its own. */
export { BirthYearDialog } from './BirthYearDialog.tsx';
export { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
export { BIRTH_YEAR_TEXTS } from './birth-year-texts.ts';
export { DELETE_ACCOUNT_TEXTS } from './delete-account-texts.ts';
export { ProgressTrackingSetting, PROGRESS_TRACKING_TEXTS } from './ProgressTrackingSetting.tsx';
