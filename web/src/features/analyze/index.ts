/** What other features may use of this feature; everything else in the folder is its own. */
export { UploadPanel } from './UploadPanel.tsx';
export { readPendingUpload } from './pending-upload.ts';
