import { describe, expect, inject, it } from 'vitest';
import { RatingsPageSchema, AnalysisResultSchema } from '#shared/schemas.ts';
import { api } from '../support/api.ts';
import { storedRating } from '../support/ratings.ts';
import { putStoredRating } from './api-support.ts';
import { userWithCredits } from '../support/users.ts';

const stack = inject('stack');

/** Stored ratings written straight into DynamoDB Local (fast fixtures for history and paging). */
async function seedRatings(userId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  const base = Date.parse('2026-03-01T10:00:00.000Z');
  for (let i = 0; i < count; i++) {
    const item = storedRating(
      { id: `seed-${userId}-${String(i).padStart(3, '0')}`, userId, thumbnail: Uint8Array.from([0xff, 0xd8, 0xff, i]) },
      {
        createdAt: new Date(base + i * 60_000).toISOString(),
        score: 40 + (i % 50),
        commentary: `rating ${i}`,
        overlay: Uint8Array.from([0xff, 0xd8, 0xff, 0xee]),
      },
    );
    ids.push(await putStoredRating(stack, item));
  }
  return ids;
}

describe('GET /api/ratings', () => {
  it("lists only the caller's ratings, newest first, without overlays, in pages", async () => {
    const user = await userWithCredits(stack, 0, 'history');
    const other = await userWithCredits(stack, 0, 'stranger');
    const ids = await seedRatings(user.sub, 7);
    await seedRatings(other.sub, 2);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await api(stack, `/api/ratings?limit=3${cursor ? `&cursor=${cursor}` : ''}`, { token: user.idToken });
      expect(res.status, res.text).toBe(200);
      const page = RatingsPageSchema.parse(res.json);
      for (const item of page.items) {
        expect(item).not.toHaveProperty('overlayBase64');
        expect(item.imageBase64).toBeTruthy();
      }
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...ids].reverse());
    expect(pages).toBeGreaterThanOrEqual(3);

    const all = await api(stack, '/api/ratings', { token: user.idToken });
    expect(all.json.items).toHaveLength(7);
    expect(all.json.nextCursor).toBeNull();
  });

  it('a new user has an empty history', async () => {
    const user = await userWithCredits(stack, 0, 'fresh');
    const res = await api(stack, '/api/ratings', { token: user.idToken });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ items: [], nextCursor: null });
  });

  it("400 for a bad limit or cursor, including another user's cursor", async () => {
    const user = await userWithCredits(stack, 0, 'pager');
    const other = await userWithCredits(stack, 0, 'pager2');
    await seedRatings(other.sub, 3);
    for (const q of [
      'limit=0',
      'limit=51',
      'limit=abc',
      'cursor=!!!',
      'cursor=eyJ4IjoxfQ',
      `cursor=${'A'.repeat(2000)}`,
    ]) {
      const res = await api(stack, `/api/ratings?${q}`, { token: user.idToken });
      expect(res.status, q).toBe(400);
      expect(typeof res.json.message).toBe('string');
    }
    const theirs = await api(stack, '/api/ratings?limit=1', { token: other.idToken });
    expect(theirs.json.nextCursor).toBeTruthy();
    const stolen = await api(stack, `/api/ratings?cursor=${theirs.json.nextCursor}`, { token: user.idToken });
    expect(stolen.status).toBe(400);
    expect(stolen.json).toEqual({ message: 'Invalid cursor' });
  });
});

describe('GET /api/ratings/{id}', () => {
  it("returns the caller's rating with its overlay; another user's or an unknown id is 404", async () => {
    const user = await userWithCredits(stack, 0, 'reader');
    const other = await userWithCredits(stack, 0, 'snoop');
    const [id] = await seedRatings(user.sub, 1);
    const own = await api(stack, `/api/ratings/${id}`, { token: user.idToken });
    expect(own.status).toBe(200);
    const result = AnalysisResultSchema.parse(own.json);
    expect(result).toMatchObject({
      id,
      score: 40,
      commentary: 'rating 0',
      overlayBase64: Buffer.from([0xff, 0xd8, 0xff, 0xee]).toString('base64'),
    });

    for (const [token, path] of [
      [other.idToken, `/api/ratings/${id}`],
      [user.idToken, '/api/ratings/does-not-exist'],
      [user.idToken, `/api/ratings/${'x'.repeat(300)}`],
    ] as const) {
      const res = await api(stack, path, { token });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Rating not found' });
    }
  });
});
