/** Why a test that needs data from outside the repository skipped itself: the note it skips with, and what it is. */
export const SKIP_NOTES = {
  photos: { note: 'DATASETS_DIR not found', what: 'photo' },
  models: { note: 'model file missing (npm run models)', what: 'model' },
} as const;
