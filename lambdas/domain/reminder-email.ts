/**
 * The retake reminder e-mail: HTML (the brand, one button to the guided retake, the one-click unsubscribe) with a
 * plain-text part saying the same, and the List-Unsubscribe headers mail clients show as their own unsubscribe button
 * (RFC 8058). Table layout and inline styles: what mail clients render; no images, so nothing is fetched on opening.
 */
import { reminderLinks } from '#shared/reminder-links.ts';
import { REMINDER_INTERVAL_DAYS, REMINDER_WORDS } from '#shared/reminders.ts';
import { SITE_NAME } from '#shared/site-pages.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** the site's colours (web/src/index.css): dark ink, teal accent */
const COLOURS = { ink: '#0b0b12', card: '#12121c', text: '#e4e4e7', muted: '#a1a1aa', teal: '#2dd4bf' } as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const WEEKS = REMINDER_INTERVAL_DAYS / 7;
const LINES = {
  heading: 'Time for your next hairline photo',
  why: `${WEEKS} weeks ago you asked us to remind you to retake your hairline photo. A photo taken like the last one shows whether anything has changed.`,
  button: 'Retake it like last time',
  how: 'The camera shows you how to match last time: distance, angle and light.',
  stop: 'Stop these reminders',
  stopHow: 'one click, no sign-in',
  footer: `You get this e-mail because you turned on retake reminders at ${SITE_NAME}.`,
} as const;

export function reminderEmail(to: string, siteUrl: string, token: string): Email {
  const links = reminderLinks(siteUrl, token);
  const text =
    `${SITE_NAME}\n\n${LINES.heading}\n\n${LINES.why}\n\n` +
    `${LINES.button}: ${links.retake}\n${LINES.how}\n\n` +
    `${LINES.stop} (${LINES.stopHow}): ${links.unsubscribePage}\n\n${LINES.footer}\n`;
  const a = (href: string) => escapeHtml(href);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="dark light"><title>${escapeHtml(REMINDER_WORDS.subject)}</title></head>
<body style="margin:0;padding:0;background:${COLOURS.ink};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOURS.ink};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:${COLOURS.card};border-radius:16px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:${COLOURS.text};">
<tr><td style="padding:28px 28px 0;font-size:13px;font-weight:800;letter-spacing:3px;text-transform:uppercase;color:${COLOURS.teal};">${escapeHtml(SITE_NAME)}</td></tr>
<tr><td style="padding:12px 28px 0;font-size:24px;font-weight:900;line-height:1.25;color:#ffffff;">${escapeHtml(LINES.heading)}</td></tr>
<tr><td style="padding:12px 28px 0;font-size:16px;line-height:1.5;">${escapeHtml(LINES.why)}</td></tr>
<tr><td style="padding:24px 28px 0;"><a href="${a(links.retake)}" style="display:inline-block;padding:14px 24px;border-radius:12px;background:${COLOURS.teal};color:${COLOURS.ink};font-size:16px;font-weight:800;text-decoration:none;">${escapeHtml(LINES.button)}</a></td></tr>
<tr><td style="padding:12px 28px 0;font-size:14px;line-height:1.5;color:${COLOURS.muted};">${escapeHtml(LINES.how)}</td></tr>
<tr><td style="padding:28px 28px 28px;font-size:13px;line-height:1.5;color:${COLOURS.muted};border-top:0;">${escapeHtml(LINES.footer)} <a href="${a(links.unsubscribePage)}" style="color:${COLOURS.teal};">${escapeHtml(LINES.stop)}</a> (${escapeHtml(LINES.stopHow)}).</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return {
    to,
    subject: REMINDER_WORDS.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeOneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
