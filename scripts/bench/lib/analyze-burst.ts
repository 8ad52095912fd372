/**
 * The analyze bursts of `npm run bench:load`, through the gateway with the real model: 200 concurrent calls of one user
 * with 20 credits, then 20 users × 5 concurrent calls with 2 credits each. Prints each burst's wall time and answer
 * counts, and counts what breaks the credit rules: an answer other than 200/402/429, a refusal with the wrong message,
 * a 200 whose rating is not the user's, ratings ≠ credits taken, a reservation left behind.
 * (The same rules are asserted on every `npm test` at the domain level with a fast analyzer, against DynamoDB Local:
 * test/integration/api-domain-concurrency.test.ts and api-reservations.test.ts.)
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { api, type ApiResponse } from '#test/support/api.ts';
import { createUser, documentClient, setCredits, type TestUser } from '#test/support/users.ts';
import type { StackInfo } from '#test/support/stack-info.ts';

const REFUSALS: Record<number, string> = {
  402: 'Not enough credits. Please purchase credits to continue.',
  429: 'Your previous analysis is still running. Please wait a moment.',
};

const tally = (answers: ApiResponse[]) =>
  Object.entries(answers.reduce<Record<number, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {}))
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');

export async function analyzeBursts(stack: StackInfo, photo: Buffer): Promise<number> {
  const db = documentClient(stack);
  let failures = 0;
  const fail = (why: string) => {
    failures++;
    console.log(`  FAILED: ${why}`);
  };

  const userWith = async (credits: number, name: string) => {
    const user = await createUser(stack, name);
    const me = await api(stack, '/api/me', { token: user.idToken });
    if (me.status !== 200) throw new Error(`GET /api/me: ${me.status} ${me.text}`);
    await setCredits(stack, user.sub, credits);
    return user;
  };
  /** an answer, or status 0 with why the request got none (a reset connection): a failure the audit reports */
  const analyze = async (user: TestUser): Promise<ApiResponse> => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    try {
      return await api(stack, '/api/analyze-hairline', { method: 'POST', token: user.idToken, body: form });
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause;
      return {
        status: 0,
        json: undefined,
        text: `no answer: ${cause?.message ?? String(error)}`,
        headers: new Headers(),
      };
    }
  };
  const ratingIds = async (sub: string) => {
    const ids: string[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: stack.env.RATINGS_TABLE,
          IndexName: 'byUser',
          KeyConditionExpression: 'userId = :u',
          ExpressionAttributeValues: { ':u': sub },
          ProjectionExpression: 'id',
          ExclusiveStartKey,
        }),
      );
      ids.push(...(page.Items ?? []).map((i) => i.id as string));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return ids;
  };
  /** the user's answers against the credit rules, given the balance and the number of ratings before these answers */
  const audit = async (user: TestUser, credits: number, answers: ApiResponse[], ratingsBefore = 0) => {
    for (const r of answers) {
      if (r.status === 200) {
        const stored = await db.send(new GetCommand({ TableName: stack.env.RATINGS_TABLE, Key: { id: r.json.id } }));
        if (stored.Item?.userId !== user.sub) fail(`${user.username}: a 200 whose rating ${r.json.id} is not theirs`);
      } else if (!REFUSALS[r.status]) fail(`${user.username}: ${r.status} ${r.text.slice(0, 120)}`);
      else if (r.json?.message !== REFUSALS[r.status])
        fail(`${user.username}: ${r.status} said ${r.text.slice(0, 120)}`);
    }
    const served = answers.filter((r) => r.status === 200).length;
    const item = (await db.send(new GetCommand({ TableName: stack.env.USERS_TABLE, Key: { userId: user.sub } }))).Item;
    const ratings = (await ratingIds(user.sub)).length;
    if (item?.credits !== credits - served)
      fail(`${user.username}: ${served} served, balance ${item?.credits} of ${credits}`);
    if (ratings !== ratingsBefore + served)
      fail(`${user.username}: ${served} served after ${ratingsBefore} ratings, ${ratings} ratings stored`);
    if (item?.pendingAnalysis !== undefined) fail(`${user.username}: a reservation left behind`);
    return served;
  };
  const timed = async <T>(run: () => Promise<T>) => {
    const started = performance.now();
    const result = await run();
    return { result, seconds: ((performance.now() - started) / 1000).toFixed(1) };
  };

  const one = await userWith(20, 'burst');
  const burst = await timed(() => Promise.all(Array.from({ length: 200 }, () => analyze(one))));
  console.log(
    `burst: 200 concurrent analyze calls (one user, 20 credits) in ${burst.seconds} s: ${tally(burst.result)}`,
  );
  const served = await audit(one, 20, burst.result);
  if (served < 1) fail('none of the 200 was served');
  // then one after another until the first refusal: all 20 credits make 20 ratings, the 21st call is a 402
  const after: ApiResponse[] = [];
  for (let i = served; i <= 20; i++) {
    const res = await analyze(one);
    after.push(res);
    if (res.status !== 200) break;
  }
  if (after.at(-1)?.status !== 402) fail(`after the burst: ${tally(after)}, not 200s ending in a 402`);
  await audit(one, 20 - served, after, served);

  const crowd = await Promise.all(Array.from({ length: 20 }, (_, i) => userWith(2, `crowd${i}-`)));
  const answers = await timed(() =>
    Promise.all(crowd.map((u) => Promise.all(Array.from({ length: 5 }, () => analyze(u))))),
  );
  console.log(`burst: 20 users × 5 concurrent analyze calls in ${answers.seconds} s: ${tally(answers.result.flat())}`);
  for (const [i, user] of crowd.entries()) await audit(user, 2, answers.result[i]!);

  console.log(`burst audit: ${failures ? `${failures} failures` : 'no 5xx, ratings = credits taken for every user'}`);
  return failures;
}
