/**
 * Where the retake reminder e-mails link to: the guided retake and the unsubscribe page and API, with the token's shape.
 * Apart from shared/reminders.ts (zod), so the unsubscribe page loads nothing else.
 */

/** the guided retake: the home page's camera opened for a retake like last time */
export const RETAKE_PATH = '/?retake=1';
/** the web page an e-mail's unsubscribe link opens (`?token=`); it posts the token to UNSUBSCRIBE_API_PATH */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';
/** also the e-mail's List-Unsubscribe target: mail clients POST to it for one-click unsubscribe (RFC 8058) */
export const UNSUBSCRIBE_API_PATH = '/api/reminders/unsubscribe';

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
