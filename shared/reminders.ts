/**
 * Retake reminders: "Remind me to retake in 4 weeks" after a rating turns on an e-mail every REMINDER_INTERVAL_DAYS
 * with a link to the guided retake and a one-click unsubscribe that needs no sign-in (a signed token). The wire shapes,
 * the interval and the words, for the API, the sender and the web app alike (the links: reminder-links.ts).
 */
import * as z from 'zod/mini';

/** the first e-mail this many days after the user turns reminders on, then one every as many days */
export const REMINDER_INTERVAL_DAYS = 28;
export const REMINDER_INTERVAL_MS = REMINDER_INTERVAL_DAYS * 24 * 60 * 60 * 1000;

export const REMINDER_WORDS = {
  offer: 'Remind me to retake in 4 weeks',
  subject: 'Time to retake your hairline photo',
} as const;

/** GET, POST and DELETE /api/me/reminder: the caller's reminder, null when off */
export const ReminderStateSchema = z.object({
  reminder: z.nullable(
    z.object({
      /** ISO time of the next e-mail */
      dueAt: z.string(),
    }),
  ),
});
export type ReminderState = z.infer<typeof ReminderStateSchema>;

/** The reminder as the account export (GET /api/me/export) carries it: everything stored about it; null when off. */
export const ExportedReminderSchema = z.nullable(
  z.object({
    /** ISO time of the next e-mail */
    dueAt: z.string(),
    /** where it is sent: the sign-in address when it was turned on */
    email: z.string(),
    /** ISO time it was turned on */
    createdAt: z.string(),
  }),
);
