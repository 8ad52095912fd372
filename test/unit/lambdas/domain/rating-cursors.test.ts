import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '#lambdas/domain/errors.ts';
import { decodeCursor, encodeCursor, parseLimit } from '#lambdas/domain/rating-cursors.ts';

const key = { id: 'r1', userId: 'u1', createdAt: '2026-01-01T00:00:00.000Z' };

describe('ratings cursor', () => {
  it('round-trips and is opaque base64url', () => {
    const c = encodeCursor(key);
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c, 'u1')).toEqual(key);
  });
  it("refuses another user's cursor and tampered ones", () => {
    expect(() => decodeCursor(encodeCursor(key), 'u2')).toThrow(
      expect.objectContaining({ code: 'invalid-input', message: 'Invalid cursor' }),
    );
    const extra = Buffer.from(JSON.stringify({ ...key, x: 1 })).toString('base64url');
    expect(() => decodeCursor(extra, 'u1')).toThrow(expect.objectContaining({ code: 'invalid-input' }));
    const wrongType = Buffer.from(JSON.stringify({ ...key, createdAt: 5 })).toString('base64url');
    expect(() => decodeCursor(wrongType, 'u1')).toThrow(expect.objectContaining({ code: 'invalid-input' }));
    expect(() => decodeCursor('not a cursor!', 'u1')).toThrow(expect.objectContaining({ code: 'invalid-input' }));
  });
  it('round-trips any key (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 60 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.string({ minLength: 1, maxLength: 30 }),
        (id, userId, createdAt) => {
          expect(decodeCursor(encodeCursor({ id, userId, createdAt }), userId)).toEqual({ id, userId, createdAt });
        },
      ),
    );
  });
  it('random strings are a 400 or a valid key, never a crash (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.base64String({ maxLength: 200 }),
          fc.json().map((j) => Buffer.from(j).toString('base64url')),
        ),
        (s) => {
          try {
            const k = decodeCursor(s, 'u1');
            expect(k.userId).toBe('u1');
          } catch (err) {
            expect(err).toBeInstanceOf(DomainError);
            expect((err as DomainError).code).toBe('invalid-input');
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('parseLimit', () => {
  it('defaults to 20 and accepts 1..50', () => {
    expect(parseLimit(undefined)).toBe(20);
    expect(parseLimit('1')).toBe(1);
    expect(parseLimit('50')).toBe(50);
    for (const bad of ['0', '51', '-1', '1.5', 'abc', '1e1', ' 5'])
      expect(() => parseLimit(bad)).toThrow(expect.objectContaining({ code: 'invalid-input' }));
  });
});
