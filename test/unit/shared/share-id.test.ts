/**
 * One share-id pattern (shared/share-id.ts), the one the web app checks links with before it asks for a share: it takes
 * exactly the ids the server generates, 22 base64url characters, and nothing the server could never have made.
 */
import { describe, expect, it } from 'vitest';
import { newShareId } from '#lambdas/domain/shares.ts';
import { isShareId } from '#shared/share-id.ts';

describe('share ids', () => {
  it('every id the server generates passes', () => {
    for (let i = 0; i < 2000; i++) {
      const id = newShareId();
      if (id.length !== 22 || !isShareId(id)) expect.unreachable(`generated ${id}`);
    }
  });

  it('what the server never makes does not: another length, another alphabet', () => {
    const id = newShareId();
    for (const other of [
      id.slice(0, 16),
      id.slice(0, 21),
      `${id}A`,
      `${id}${id}`,
      `${id.slice(0, 21)}+`,
      `${id.slice(0, 21)}=`,
    ])
      expect(isShareId(other), other).toBe(false);
    expect(isShareId(null)).toBe(false);
  });
});
