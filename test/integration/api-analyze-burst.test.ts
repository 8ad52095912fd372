/**
 * Bursts through the local gateway with the real model (the acceptance tests): one analysis in flight per user,
 * a credit per stored rating, fast 402/429 refusals and never a 5xx. The burst's wall time and counts are printed.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { api, type ApiResponse } from '../support/api.ts';
import { documentClient } from '../support/users.ts';
import { requireModels } from '../support/dataset-photos.ts';
import { creditsOf, imageForm, samplePhotos, userItem, userWithCredits } from './api-support.ts';

const stack = inject('stack');
let photo: Buffer;

const IN_FLIGHT = { message: 'Your previous analysis is still running. Please wait a moment.' };
const NO_CREDITS = { message: 'Not enough credits. Please purchase credits to continue.' };

beforeEach(async (ctx) => {
  requireModels(ctx);
  [photo] = (await samplePhotos(ctx, 1)) as [Buffer];
});

const analyze = (token: string) =>
  api(stack, '/api/analyze-hairline', { method: 'POST', token, body: imageForm(photo) });

async function ratingIds(sub: string): Promise<string[]> {
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient(stack).send(
      new QueryCommand({
        TableName: stack.env.RATINGS_TABLE,
        IndexName: 'byUser',
        KeyConditionExpression: 'userId = :u',
        ExpressionAttributeValues: { ':u': sub },
        ProjectionExpression: 'id',
        ExclusiveStartKey: start,
      }),
    );
    ids.push(...(page.Items ?? []).map((i) => i.id as string));
    start = page.LastEvaluatedKey;
  } while (start);
  return ids;
}

/** Every answer is a 200 with a stored rating of this user, or a 402/429 with its message. */
async function expectOnlyServedOrRefused(sub: string, answers: ApiResponse[]) {
  const unexpected = answers.filter((r) => ![200, 402, 429].includes(r.status));
  expect(unexpected.map((r) => `${r.status} ${r.text.slice(0, 120)}`)).toEqual([]);
  for (const r of answers.filter((a) => a.status === 429)) expect(r.json).toEqual(IN_FLIGHT);
  for (const r of answers.filter((a) => a.status === 402)) expect(r.json).toEqual(NO_CREDITS);
  for (const r of answers.filter((a) => a.status === 200)) {
    const stored = await documentClient(stack).send(
      new GetCommand({ TableName: stack.env.RATINGS_TABLE, Key: { id: r.json.id } }),
    );
    expect(stored.Item?.userId).toBe(sub);
  }
}

const tally = (answers: ApiResponse[]) =>
  Object.entries(answers.reduce<Record<number, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {}))
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');

describe('analyze bursts through the gateway (real model)', () => {
  it('200 concurrent from one user with 20 credits, then one after another until the first 402: exactly 20 ratings, balance 0', async () => {
    const user = await userWithCredits(stack, 20, 'burst200');
    const started = performance.now();
    const burst = await Promise.all(Array.from({ length: 200 }, () => analyze(user.idToken)));
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `burst: 200 concurrent analyze calls (one user, 20 credits) answered in ${seconds.toFixed(1)} s: ${tally(burst)}`,
    );

    await expectOnlyServedOrRefused(user.sub, burst);
    const served = burst.filter((r) => r.status === 200).length;
    expect(served).toBeGreaterThanOrEqual(1);
    expect(await creditsOf(stack, user.sub)).toBe(20 - served);
    expect(await ratingIds(user.sub)).toHaveLength(served);

    const after: ApiResponse[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await analyze(user.idToken);
      after.push(res);
      if (res.status !== 200) break;
    }
    expect(after.at(-1)?.status, after.at(-1)?.text).toBe(402);
    expect(after.slice(0, -1).every((r) => r.status === 200)).toBe(true);
    expect(await ratingIds(user.sub)).toHaveLength(20);
    expect(await creditsOf(stack, user.sub)).toBe(0);
    expect((await userItem(stack, user.sub))?.pendingAnalysis).toBeUndefined();
  }, 900_000);

  it('20 users with 2 credits, 5 concurrent requests each (100 at once): no 5xx, ratings = credits taken for every user', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, (_, i) => userWithCredits(stack, 2, `crowd${i}-`)));
    const started = performance.now();
    const answers = await Promise.all(
      users.map((u) => Promise.all(Array.from({ length: 5 }, () => analyze(u.idToken)))),
    );
    console.log(
      `burst: 20 users × 5 concurrent analyze calls answered in ${((performance.now() - started) / 1000).toFixed(1)} s: ${tally(answers.flat())}`,
    );
    for (const [i, u] of users.entries()) {
      await expectOnlyServedOrRefused(u.sub, answers[i]!);
      const credits = (await creditsOf(stack, u.sub))!;
      expect(await ratingIds(u.sub)).toHaveLength(2 - credits);
      expect(answers[i]!.filter((r) => r.status === 200)).toHaveLength(2 - credits);
    }
  }, 900_000);

  it('two concurrent requests with 5 credits: one 200, one 429 (which cost nothing), balance 4', async () => {
    const user = await userWithCredits(stack, 5, 'pair');
    const answers = await Promise.all([analyze(user.idToken), analyze(user.idToken)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(answers.find((r) => r.status === 429)!.json).toEqual(IN_FLIGHT);
    expect(await creditsOf(stack, user.sub)).toBe(4);
    expect(await ratingIds(user.sub)).toHaveLength(1);
  });
});
