/**
 * One share-id pattern (shared/share-id.ts): the web app takes exactly the ids the server generates, 22 base64url
 * characters, and nothing the server could never have made.
 */
import { describe, expect, it } from 'vitest';
import { newShareId } from '#lambdas/domain/shares.ts';
import { challengeFromSearch } from '#web/features/share/challenge-storage.ts';

describe('share ids', () => {
  it('the web app reads back every id the server generates', () => {
    for (let i = 0; i < 500; i++) {
      const id = newShareId();
      expect(id).toHaveLength(22);
      expect(challengeFromSearch(`?challenge=${id}`)).toBe(id);
    }
  });

  it('and refuses what the server never makes: another length, another alphabet', () => {
    const id = newShareId();
    for (const other of [id.slice(0, 16), id.slice(0, 21), `${id}A`, `${id}${id}`, `${id.slice(0, 21)}+`, `${id.slice(0, 21)}=`])
      expect(challengeFromSearch(`?challenge=${encodeURIComponent(other)}`)).toBeNull();
  });
});
