/**
 * Where the retake reminder e-mails link to: the guided retake and the unsubscribe page and API, with the token's shape.
 * Apart from shared/reminders.ts (zod), so the unsubscribe page loads nothing else.
 */

/**
 * The guided retake's address: the home page's upload panel opens the camera with the retake of that kind of photo on
 * (read by web/src/features/analyze/pending-upload.ts retakeAsked).
 */
export const retakeHref = (kind: 'face' | 'crown') => `/?retake=${kind}#analyze`;
/** the reminder e-mail's link: the guided retake of the face photo */
export const RETAKE_PATH = retakeHref('face');
/** the web page an e-mail's unsubscribe link opens (`?token=`); it posts the token to UNSUBSCRIBE_API_PATH */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';
/** also the e-mail's List-Unsubscribe target: mail clients POST to it for one-click unsubscribe (RFC 8058) */
export const UNSUBSCRIBE_API_PATH = '/api/reminders/unsubscribe';

/**
 * the unsubscribe token: its key's version (`v2`), the user id and its HMAC, base64url, dot-separated; tokens from
 * before key versions have no version part
 */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^(?:v\d{1,4}\.)?[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{43}$/;

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
