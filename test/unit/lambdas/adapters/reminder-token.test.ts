/** Unsubscribe tokens: made for one user, verified with the key ring that signed them. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacTokenSigner } from '#lambdas/adapters/reminder-token.ts';
import { UNSUBSCRIBE_TOKEN_PATTERN } from '#shared/reminder-links.ts';

const signer = hmacTokenSigner('a-test-key-of-enough-length');

describe('unsubscribe tokens', () => {
  it('name the user they were made for, and only with the key that made them', () => {
    const token = signer.sign('1f3e5a7c-2b4d-4e6f-8a0b-9c1d2e3f4a5b');
    expect(token).toMatch(UNSUBSCRIBE_TOKEN_PATTERN);
    expect(signer.verify(token)).toBe('1f3e5a7c-2b4d-4e6f-8a0b-9c1d2e3f4a5b');
    expect(hmacTokenSigner('another-key-of-enough-length').verify(token)).toBeUndefined();
  });

  it('refuse another user id under the same signature, a changed signature and junk', () => {
    const token = signer.sign('alice');
    const [version, id, sig] = token.split('.');
    expect(signer.verify(`${version}.${Buffer.from('bob').toString('base64url')}.${sig}`)).toBeUndefined();
    const flipped = sig!.startsWith('A') ? `B${sig!.slice(1)}` : `A${sig!.slice(1)}`;
    expect(signer.verify(`${version}.${id}.${flipped}`)).toBeUndefined();
    for (const junk of ['', '.', 'abc', `${token}x`, `${token}.x`, `x${token}`, ' '.repeat(50)]) {
      expect(signer.verify(junk)).toBeUndefined();
    }
  });

  it('need a key', () => {
    expect(() => hmacTokenSigner(undefined)).toThrow(/REMINDER_TOKEN_SECRET/);
    expect(() => hmacTokenSigner('short')).toThrow(/REMINDER_TOKEN_SECRET/);
    expect(() => hmacTokenSigner('2:a-test-key-of-enough-length,1:short')).toThrow(/REMINDER_TOKEN_SECRET/);
    expect(() => hmacTokenSigner('x:a-test-key-of-enough-length')).toThrow(/REMINDER_TOKEN_SECRET/);
    expect(() => hmacTokenSigner('1:a-test-key-of-enough-length,1:b-test-key-of-enough-length')).toThrow(
      /REMINDER_TOKEN_SECRET/,
    );
  });
});

describe('unsubscribe token key versions', () => {
  const userId = '1f3e5a7c-2b4d-4e6f-8a0b-9c1d2e3f4a5b';
  const oldKey = 'a-test-key-of-enough-length';
  const newKey = 'the-next-key-of-enough-length';
  /** a token as the signer before key versions made it: the user id and the HMAC of the purpose and the id */
  const unversioned = (key: string) =>
    `${Buffer.from(userId).toString('base64url')}.${createHmac('sha256', key)
      .update(`hairline-rater:unsubscribe-reminders:${userId}`)
      .digest('base64url')}`;

  it('carry the version of the key that signed them; a plain key is version 1', () => {
    expect(signer.sign(userId)).toMatch(/^v1\./);
    expect(hmacTokenSigner(`2:${newKey},1:${oldKey}`).sign(userId)).toMatch(/^v2\./);
  });

  it('mail already sent keeps working: an unversioned token and a version still listed verify', () => {
    const v1 = signer.sign(userId);
    const rotated = hmacTokenSigner(`2:${newKey},1:${oldKey}`);
    expect(unversioned(oldKey)).toMatch(UNSUBSCRIBE_TOKEN_PATTERN);
    expect(signer.verify(unversioned(oldKey))).toBe(userId);
    expect(rotated.verify(unversioned(oldKey))).toBe(userId);
    expect(rotated.verify(v1)).toBe(userId);
    expect(rotated.verify(rotated.sign(userId))).toBe(userId);
  });

  it('a version removed from the ring retires every token signed with it', () => {
    const v1 = signer.sign(userId);
    const retired = hmacTokenSigner(`2:${newKey}`);
    expect(retired.verify(v1)).toBeUndefined();
    expect(retired.verify(unversioned(oldKey))).toBeUndefined();
    expect(retired.verify(retired.sign(userId))).toBe(userId);
  });

  it('a version names its key: the same MAC under another version, or a version swapped, is refused', () => {
    const ring = hmacTokenSigner(`2:${newKey},1:${oldKey}`);
    const [, id, sig] = ring.sign(userId).split('.');
    expect(ring.verify(`v1.${id}.${sig}`)).toBeUndefined();
    expect(ring.verify(`${id}.${sig}`)).toBeUndefined();
    expect(ring.verify(`v3.${id}.${sig}`)).toBeUndefined();
  });
});
