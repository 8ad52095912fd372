/** The panel of every dialog (share, delete a rating, delete the account): one look. */
export const DIALOG_CONTENT_CLASSES =
  'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-white/10 bg-ink-900 p-5 shadow-2xl';
