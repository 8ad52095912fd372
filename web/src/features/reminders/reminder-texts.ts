import { REMINDER_INTERVAL_DAYS, REMINDER_WORDS } from '#shared/reminders.ts';

const weeks = REMINDER_INTERVAL_DAYS / 7;

export const REMINDER_TEXTS = {
  offer: REMINDER_WORDS.offer,
  offerNote: `Off until you turn it on. We e-mail you a link to retake your photo like last time, then every ${weeks} weeks; every e-mail has a one-click unsubscribe.`,
  on: (date: string) => `Reminder on: we'll e-mail you on ${date}, then every ${weeks} weeks.`,
  stop: 'Stop reminders',
  failed: 'Could not change your reminder. Please try again.',
} as const;
