import { BIRTH_YEAR_NOTE } from '#shared/birth-year.ts';

/** The "Birth year" dialog's words; the note says why it is asked (shared with the API docs). */
export const BIRTH_YEAR_TEXTS = {
  trigger: 'Birth year',
  title: 'Your birth year',
  label: 'Birth year (optional)',
  note: BIRTH_YEAR_NOTE,
  save: 'Save',
  clear: 'Remove',
  cancel: 'Cancel',
  pending: 'Saving…',
  saved: 'Birth year saved',
  cleared: 'Birth year removed',
  invalid: 'Enter a year, for example 1990.',
} as const;
