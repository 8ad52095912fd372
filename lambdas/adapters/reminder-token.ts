/** The unsubscribe tokens of the reminder e-mails: the user id and an HMAC-SHA256 of it under a server-only key. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_TOKEN_PATTERN } from '#shared/reminder-links.ts';
import type { TokenSigner } from '../domain/reminders.ts';

// a purpose prefix, so a MAC made for anything else with the same key is never a valid token
const PURPOSE = 'hairline-rater:unsubscribe-reminders:';

export function hmacTokenSigner(secret: string | undefined): TokenSigner {
  if (!secret || secret.length < 16) throw new Error('REMINDER_TOKEN_SECRET must be set (16 characters or more)');
  const mac = (userId: string) =>
    createHmac('sha256', secret)
      .update(PURPOSE + userId)
      .digest();
  return {
    sign: (userId) => `${Buffer.from(userId).toString('base64url')}.${mac(userId).toString('base64url')}`,
    verify(token) {
      if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return undefined;
      const [id, sig] = token.split('.') as [string, string];
      const userId = Buffer.from(id, 'base64url').toString('utf8');
      const given = Buffer.from(sig, 'base64url');
      const want = mac(userId);
      return userId && given.length === want.length && timingSafeEqual(given, want) ? userId : undefined;
    },
  };
}
