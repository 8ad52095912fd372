/**
 * Retake reminders: "Remind me to retake in 4 weeks" after a rating turns on an e-mail every REMINDER_INTERVAL_DAYS
 * with a link to the guided retake and a one-click unsubscribe that needs no sign-in (a signed token). The wire shapes,
 * the interval and the links, for the API, the sender and the web app alike.
 */
import * as z from 'zod/mini';

/** the first e-mail this many days after the user turns reminders on, then one every as many days */
export const REMINDER_INTERVAL_DAYS = 28;
export const REMINDER_INTERVAL_MS = REMINDER_INTERVAL_DAYS * 24 * 60 * 60 * 1000;

/** the guided retake: the home page's camera opened for a retake like last time */
export const RETAKE_PATH = '/?retake=1';
/** the web page an e-mail's unsubscribe link opens (`?token=`); it posts the token to UNSUBSCRIBE_API_PATH */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';
/** also the e-mail's List-Unsubscribe target: mail clients POST to it for one-click unsubscribe (RFC 8058) */
export const UNSUBSCRIBE_API_PATH = '/api/reminders/unsubscribe';

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

/** the unsubscribe token: the user id and its HMAC, base64url, dot-separated */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{43}$/;

/** The e-mail's two links, from the site's origin and the user's unsubscribe token. */
export function reminderLinks(siteUrl: string, token: string) {
  const site = siteUrl.replace(/\/+$/, '');
  const t = encodeURIComponent(token);
  return {
    retake: `${site}${RETAKE_PATH}`,
    unsubscribePage: `${site}${UNSUBSCRIBE_PAGE_PATH}?token=${t}`,
    unsubscribeOneClick: `${site}${UNSUBSCRIBE_API_PATH}?token=${t}`,
  };
}
