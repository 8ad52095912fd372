/**
 * History (issue #8) against the real local stack: deleting a rating, progress between two analyses of real photos,
 * and the account export (profile, a purchase paid through the Stripe emulator, ratings; nobody else's data).
 */
import sharp from 'sharp';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { AccountExportSchema, AnalysisResultSchema, type AnalysisResult } from '#shared/schemas.ts';
import { conditionDifferences, readingsOf } from '#shared/comparable.ts';
import { api } from '../support/api.ts';
import { documentClient, userWithCredits } from '../support/users.ts';
import { datasetPhotos, namedPhoto, requireModels, type Skippable } from '../support/dataset-photos.ts';
import { measurementsBeforeViews, storedRating, type StoredRating } from '../support/ratings.ts';
import { imageForm, itIsMe, putStoredRating } from './api-support.ts';

const stack = inject('stack');
/** the capture conditions out of tolerance between two results (shared/comparable.ts) */
const differencesOf = (now: AnalysisResult, before: AnalysisResult) =>
  conditionDifferences(readingsOf(now.captureConditions!), readingsOf(before.captureConditions!));
let thumb: Uint8Array;

beforeAll(async () => {
  thumb = new Uint8Array(
    await sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 120, g: 90, b: 60 } } })
      .jpeg()
      .toBuffer(),
  );
});

/** A stored rating written straight into DynamoDB Local. */
const SEEDED = measurementsBeforeViews({ hairlineHeightRatio: 0.3, templeRecession: 0.1, topCoverage: 0.9 });
const seedRating = (userId: string, over: Partial<StoredRating> = {}) =>
  putStoredRating(
    stack,
    storedRating(
      { id: `hist-${userId.slice(0, 8)}-${Math.random().toString(36).slice(2, 10)}`, userId, thumbnail: thumb },
      { measurements: SEEDED, ...over },
    ),
  );

async function ratingExists(id: string): Promise<boolean> {
  const out = await documentClient(stack).send(
    new GetCommand({ TableName: stack.env.RATINGS_TABLE, Key: { id }, ConsistentRead: true }),
  );
  return !!out.Item;
}

describe('DELETE /api/ratings/{id}', () => {
  it("deletes the caller's rating (204), then it is gone (404, also for a second delete)", async () => {
    const user = await userWithCredits(stack, 0, 'deleter');
    const keep = await seedRating(user.sub);
    const id = await seedRating(user.sub);

    const res = await api(stack, `/api/ratings/${id}`, { method: 'DELETE', token: user.idToken });
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expect(await ratingExists(id)).toBe(false);

    const after = await api(stack, `/api/ratings/${id}`, { token: user.idToken });
    expect(after.status).toBe(404);
    expect(after.json).toEqual({ message: 'Rating not found' });
    const again = await api(stack, `/api/ratings/${id}`, { method: 'DELETE', token: user.idToken });
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ message: 'Rating not found' });

    const list = await api(stack, '/api/ratings', { token: user.idToken });
    expect(list.json.items.map((i: { id: string }) => i.id)).toEqual([keep]);
  });

  it("another user's rating or an unknown id: 404, and nothing is deleted", async () => {
    const owner = await userWithCredits(stack, 0, 'owner');
    const other = await userWithCredits(stack, 0, 'vandal');
    const id = await seedRating(owner.sub);
    for (const path of [`/api/ratings/${id}`, '/api/ratings/does-not-exist', `/api/ratings/${'x'.repeat(300)}`]) {
      const res = await api(stack, path, { method: 'DELETE', token: other.idToken });
      expect(res.status, path).toBe(404);
      expect(res.json).toEqual({ message: 'Rating not found' });
    }
    expect(await ratingExists(id)).toBe(true);
    expect((await api(stack, `/api/ratings/${id}`, { method: 'DELETE' })).status).toBe(401);
  });
});

describe('progress since the previous analysis', () => {
  beforeEach((ctx) => requireModels(ctx));

  /**
   * Analyses the first of six photos of a Norwood group the engine accepts (refusals cost nothing), sent as the web app
   * sends it when `photoOf` is given (what the user said the photo is of).
   */
  async function analyzeFirstAccepted(ctx: Skippable, token: string, label: number, photoOf?: 'hairline' | 'crown') {
    const refused: string[] = [];
    for (const { file, bytes } of await datasetPhotos(ctx, { set: 'norwood-groups', label, count: 6 })) {
      const body = imageForm(bytes);
      if (photoOf) body.append('photoOf', photoOf);
      const res = await api(stack, '/api/analyze-hairline', { method: 'POST', token, body });
      // the user's own photo: "yes" to "Is this you?", and the rating as it then reads, with its progress
      if (res.status === 200) return itIsMe(stack, token, AnalysisResultSchema.parse(res.json).id);
      expect(res.status, `${file}: ${res.text}`).toBe(422);
      refused.push(file);
    }
    throw new Error(`the engine refused every Norwood ${label} photo tried: ${refused.join(', ')}`);
  }

  it('compares like with like: a front photo after a crown photo says so instead of a delta; the next crown photo compares with the first', async (ctx) => {
    const user = await userWithCredits(stack, 3, 'likewise');
    const crown = await analyzeFirstAccepted(ctx, user.idToken, 1);
    expect(crown.measurements.view).toBe('top');
    const portrait = await namedPhoto(ctx, 'portrait-full-1');
    const res = await api(stack, '/api/analyze-hairline', {
      method: 'POST',
      token: user.idToken,
      body: imageForm(portrait),
    });
    expect(res.status, res.text).toBe(200);
    const asked = AnalysisResultSchema.parse(res.json);
    // without progress tracking a new rating asks "Is this you?" and shows no progress until answered
    expect(asked).toMatchObject({ identity: 'unconfirmed', progress: null, faceDescriptorStored: false });
    const front = await itIsMe(stack, user.idToken, asked.id);
    expect(front.measurements.view).toBe('front');
    expect(front.progress).toEqual({
      previousId: crown.id,
      previousCreatedAt: crown.createdAt,
      previousView: 'top',
      previousKind: 'crown',
    });
    const second = await analyzeFirstAccepted(ctx, user.idToken, 4);
    expect(second.progress?.previousId).toBe(crown.id);
    // two different photos: a delta only when they were taken alike (issue #27, shared/comparable.ts)
    const alike = differencesOf(second, crown).length === 0;
    expect(second.progress?.scoreDelta).toBe(alike ? second.score - crown.score : undefined);
  });

  it('a photo from above taken as a hairline photo is the hairline from above: never compared with a crown photo', async (ctx) => {
    const user = await userWithCredits(stack, 2, 'above');
    const crown = await analyzeFirstAccepted(ctx, user.idToken, 1, 'crown');
    // the engine measures both from above: only what the user said tells them apart
    const above = await analyzeFirstAccepted(ctx, user.idToken, 4, 'hairline');
    expect([crown.measurements.view, above.measurements.view]).toEqual(['top', 'top']);
    expect([crown.photoOf, above.photoOf]).toEqual(['crown', 'hairline']);
    expect(above.progress).toEqual({
      previousId: crown.id,
      previousCreatedAt: crown.createdAt,
      previousView: 'top',
      previousKind: 'crown',
    });
    const list = await api(stack, '/api/ratings', { token: user.idToken });
    expect((list.json as { items: AnalysisResult[] }).items.map((r) => r.photoOf)).toEqual(['hairline', 'crown']);
    const bad = imageForm(new Uint8Array(thumb));
    bad.append('photoOf', 'scalp');
    const refused = await api(stack, '/api/analyze-hairline', { method: 'POST', token: user.idToken, body: bad });
    expect(refused.status, refused.text).toBe(400);
  });

  it('an s1 then an s4 photo: the second result carries the deltas against the first, computed from stored data', async (ctx) => {
    const user = await userWithCredits(stack, 2, 'progress');
    const first = await analyzeFirstAccepted(ctx, user.idToken, 1);
    expect(first.progress).toBeNull();
    const second = await analyzeFirstAccepted(ctx, user.idToken, 4);

    expect([first.measurements.view, second.measurements.view]).toEqual(['top', 'top']);
    const differences = differencesOf(second, first);
    if (differences.length > 0) {
      // taken too differently to compare (issue #27): no deltas, the conditions that differed
      expect(second.progress).toEqual({
        previousId: first.id,
        previousCreatedAt: first.createdAt,
        comparable: false,
        differences,
      });
    } else {
      expect(second.progress).toMatchObject({
        previousId: first.id,
        previousCreatedAt: first.createdAt,
        scoreDelta: second.score - first.score,
      });
      const deltas = second.progress!.metricDeltas!;
      // two crown photos: the coverage measurements compare; forehead and temples do not apply to a top view
      for (const key of ['frontalCoverage', 'topCoverage'] as const) {
        expect(deltas[key], key).toBeCloseTo(second.measurements[key]! - first.measurements[key]!, 3);
      }
      expect(deltas.hairlineHeightRatio).toBeUndefined();
      expect(deltas.templeRecession).toBeUndefined();
      expect(deltas.norwoodStage).toBe(second.norwoodStage - first.norwoodStage);
    }

    // the same progress on GET /api/ratings/{id}; the first rating has none
    const stored = await api(stack, `/api/ratings/${second.id}`, { token: user.idToken });
    expect(stored.json.progress).toEqual(second.progress);
    expect((await api(stack, `/api/ratings/${first.id}`, { token: user.idToken })).json.progress).toBeNull();

    // with the first rating deleted, the second has no previous one any more
    expect((await api(stack, `/api/ratings/${first.id}`, { method: 'DELETE', token: user.idToken })).status).toBe(204);
    expect((await api(stack, `/api/ratings/${second.id}`, { token: user.idToken })).json.progress).toBeNull();
  });

  it("the previous rating is the newest one created before, not a later one or another user's", async () => {
    const user = await userWithCredits(stack, 0, 'timeline');
    const other = await userWithCredits(stack, 0, 'elsewhere');
    const a = await seedRating(user.sub, { createdAt: '2026-10-01T09:00:00.000Z', score: 50 });
    const b = await seedRating(user.sub, { createdAt: '2026-10-12T09:00:00.000Z', score: 58 });
    const c = await seedRating(user.sub, {
      createdAt: '2026-10-20T09:00:00.000Z',
      score: 62,
      measurements: { ...SEEDED, hairlineHeightRatio: 0.35 },
    });
    await seedRating(other.sub, { createdAt: '2026-10-15T09:00:00.000Z', score: 99 });
    const res = await api(stack, `/api/ratings/${c}`, { token: user.idToken });
    expect(res.json.progress).toEqual({
      previousId: b,
      previousCreatedAt: '2026-10-12T09:00:00.000Z',
      scoreDelta: 4,
      metricDeltas: {
        hairlineHeightRatio: 0.05,
        templeRecession: 0,
        frontalCoverage: 0,
        topCoverage: 0,
        norwoodStage: 0,
      },
    });
    expect((await api(stack, `/api/ratings/${b}`, { token: user.idToken })).json.progress).toMatchObject({
      previousId: a,
      scoreDelta: 8,
    });
    // lists stay light: no progress per item
    const list = await api(stack, '/api/ratings', { token: user.idToken });
    for (const item of list.json.items) expect(item).not.toHaveProperty('progress');
  });
});

describe('GET /api/me/export', () => {
  it("a JSON download with the profile, the purchase paid through the emulator and the ratings; nobody else's data", async () => {
    const user = await userWithCredits(stack, 0, 'exporter');
    const other = await userWithCredits(stack, 0, 'bystander');
    const mine = [
      await seedRating(user.sub, { createdAt: '2026-09-01T10:00:00.000Z' }),
      await seedRating(user.sub, { createdAt: '2026-09-02T10:00:00.000Z' }),
    ];
    const theirs = await seedRating(other.sub);

    const checkout = await api(stack, '/api/create-checkout-session', {
      method: 'POST',
      token: user.idToken,
      body: { packageId: '10-ratings' },
    });
    expect(checkout.status, checkout.text).toBe(200);
    const paid = await fetch(`${stack.stripeUrl}/__emulator/sessions/${checkout.json.sessionId}/complete`, {
      method: 'POST',
    });
    expect(paid.status).toBe(200);
    expect(paid.headers.get('emulator-webhook-delivered')).toBe('true');

    const res = await api(stack, '/api/me/export', { token: user.idToken });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="hairline-rater-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = AccountExportSchema.parse(res.json);

    expect(data.profile).toMatchObject({ id: user.sub, username: user.username, email: user.email, credits: 10 });
    expect(data.profile).not.toHaveProperty('processedSessions');
    expect(data.purchases).toEqual([
      { sessionId: checkout.json.sessionId, credits: 10, amountTotal: 399, currency: 'usd', at: expect.any(String) },
    ]);
    expect(data.ratings.map((r) => r.id)).toEqual([...mine].reverse());
    expect(data.imagesIncluded).toBe(true);
    for (const r of res.json.ratings) {
      expect(r.imageBase64).toBe(Buffer.from(thumb).toString('base64'));
      expect(r).not.toHaveProperty('overlayBase64');
      expect(r).not.toHaveProperty('userId');
      expect(r.shareId).toBeNull();
    }
    expect(res.text).not.toContain(other.sub);
    expect(res.text).not.toContain(other.email);
    expect(res.text).not.toContain(theirs);

    // the purchase is recorded once, however often the session is delivered again
    await fetch(`${stack.stripeUrl}/__emulator/sessions/${checkout.json.sessionId}/deliver`, { method: 'POST' });
    const again = AccountExportSchema.parse((await api(stack, '/api/me/export', { token: user.idToken })).json);
    expect(again.purchases).toHaveLength(1);
    expect(again.profile.credits).toBe(10);
  });

  it('401 without a token', async () => {
    expect((await api(stack, '/api/me/export')).status).toBe(401);
  });
});
