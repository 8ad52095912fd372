/** What other features may use of this feature; everything else in the folder is its own. */
export { EXPORT_LABEL, exportWithToast } from './ExportButton.tsx';
export { fetchRating } from './history-api.ts';
