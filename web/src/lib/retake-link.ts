/** The guided retake's address, shared with the reminder e-mail (shared/reminder-links.ts). */
export { retakeHref } from '#shared/reminder-links.ts';
