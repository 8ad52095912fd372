/** The /unsubscribe page's words (apart from reminder-texts.ts, so that page loads nothing of the result's). */
export const UNSUBSCRIBE_TEXTS = {
  title: 'Retake reminders',
  working: 'Unsubscribing…',
  done: "You're unsubscribed: we won't send you any more retake reminders.",
  invalid: 'This unsubscribe link is not valid. Sign in and turn reminders off under your latest result instead.',
} as const;
