/**
 * The unsubscribe tokens of the reminder e-mails: `v<version>.<user id>.<HMAC-SHA256>`, base64url, under a server-only
 * key of that version. The key ring (REMINDER_TOKEN_SECRET) is one key, version 1, or versions and keys listed
 * `3:<key>,2:<key>`: the first signs, every one listed verifies. A leaked token is retired by signing with a new version
 * and, once the mail sent with the old one need not work any longer (or at once, if the leak matters more), removing the
 * old version: every token of a version no longer listed is refused. Tokens from before versions (`<user id>.<HMAC>`,
 * in mail already sent) verify under version 1 while it is listed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_TOKEN_PATTERN } from '#shared/reminder-links.ts';
import type { TokenSigner } from '../domain/reminders.ts';

// a purpose prefix, so a MAC made for anything else with the same key is never a valid token
const PURPOSE = 'hairline-rater:unsubscribe-reminders:';
const MIN_KEY_LENGTH = 16;

export interface TokenKeyRing {
  /** the version new tokens are signed with */
  current: number;
  keys: Map<number, string>;
}

/** REMINDER_TOKEN_SECRET → the key ring: a plain key (no `:`) is version 1; else `version:key` pairs, comma-separated. */
export function parseTokenKeys(secret: string | undefined): TokenKeyRing {
  const fail = (why: string) =>
    new Error(`REMINDER_TOKEN_SECRET must be set (${MIN_KEY_LENGTH} characters or more per key): ${why}`);
  if (!secret) throw fail('not set');
  const entries: [number, string][] = secret.includes(':')
    ? secret.split(',').map((pair) => {
        const at = pair.indexOf(':');
        const version = Number(pair.slice(0, at).trim());
        if (!/^\d{1,4}$/.test(pair.slice(0, at).trim()) || version < 1)
          throw fail(`bad key version in "${pair.slice(0, at)}"`);
        return [version, pair.slice(at + 1).trim()];
      })
    : [[1, secret]];
  const keys = new Map<number, string>();
  for (const [version, key] of entries) {
    if (key.length < MIN_KEY_LENGTH) throw fail(`key ${version} is too short`);
    if (keys.has(version)) throw fail(`key ${version} is listed twice`);
    keys.set(version, key);
  }
  return { current: entries[0]![0], keys };
}

export function hmacTokenSigner(secret: string | undefined): TokenSigner {
  const ring = parseTokenKeys(secret);
  /** version undefined: a token from before versions (version 1's key, the MAC without a version) */
  const mac = (key: string, version: number | undefined, userId: string) =>
    createHmac('sha256', key)
      .update(version === undefined ? PURPOSE + userId : `${PURPOSE}v${version}:${userId}`)
      .digest();
  const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
  return {
    sign: (userId) => `v${ring.current}.${b64(userId)}.${b64(mac(ring.keys.get(ring.current)!, ring.current, userId))}`,
    verify(token) {
      if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return undefined;
      const parts = token.split('.');
      const versioned = parts.length === 3;
      const version = versioned ? Number(parts[0]!.slice(1)) : undefined;
      const key = ring.keys.get(version ?? 1);
      if (key === undefined) return undefined;
      const [id, sig] = parts.slice(-2) as [string, string];
      const userId = Buffer.from(id, 'base64url').toString('utf8');
      const given = Buffer.from(sig, 'base64url');
      const want = mac(key, version, userId);
      return userId && given.length === want.length && timingSafeEqual(given, want) ? userId : undefined;
    },
  };
}
