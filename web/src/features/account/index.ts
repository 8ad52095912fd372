/** What other features may use of this feature; everything else in the folder is its own. */
export { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
export { DELETE_ACCOUNT_TEXTS } from './delete-account-texts.ts';
