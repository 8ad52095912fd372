/**
 * `npm run bench:load`: a bounded load test on loopback against a fresh local stack (the same services `npm start` runs).
 * 1. autocannon on GET /api/packages and GET /api/me (10 s each, 20 connections);
 * 2. 50 concurrent simulated users: sign in → analyze with no credits (402) → buy 10 credits (Checkout on the Stripe
 *    emulator, webhook + verify) → analyze a real photo → analyze again;
 * then a credit audit: credits bought − analyses charged must equal the sum of balances;
 * 3. analyze bursts with the real model (scripts/bench/lib/analyze-burst.ts): 200 concurrent calls of one user with 20 credits,
 *    20 users × 5 concurrent calls, each audited against the credit rules.
 */
import { join } from 'node:path';
import autocannon from 'autocannon';
import { runModelsStep } from '#infra/models/models-step.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { requireLabelledFolders } from '#scripts/lib/datasets.ts';
import { readDatasetPhotos } from '#test/support/dataset-photos.ts';
import { api } from '#test/support/api.ts';
import { createUser, documentClient } from '#test/support/users.ts';
import { stackInfoOf } from '#test/support/stack-info.ts';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { quantile } from '#shared/statistics.ts';
import { analyzeBursts } from './lib/analyze-burst.ts';
import { freshStack } from './lib/fresh-stack.ts';

const USERS = Number(process.env.LOAD_USERS ?? 50);
const DURATION_S = Number(process.env.LOAD_SECONDS ?? 10);

async function cannon(title: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 20, duration: DURATION_S, headers });
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    `${title.padEnd(18)} ${Math.round(result.requests.average).toString().padStart(6)} req/s  p50 ${result.latency.p50} ms  p97.5 ${result.latency.p97_5} ms  p99 ${result.latency.p99} ms  requests ${result.requests.total}  errors ${errors}`,
  );
  return errors;
}

requireLabelledFolders('bench:load', [join(datasetsRoot(), 'norwood-groups'), join(datasetsRoot(), 'norwood-front')]);
await runModelsStep();
/** ten dev photos: six of Norwood group 1, four of group 4 */
const photos = [
  ...(await readDatasetPhotos({ set: 'norwood-groups', label: 1, count: 6 })),
  ...(await readDatasetPhotos({ set: 'norwood-groups', label: 4, count: 4 })),
].map((p) => p.bytes);
/** the bursts' photo: a bowed selfie of Norwood 2 the engine accepts */
const [burstPhoto] = await readDatasetPhotos({ set: 'norwood-front', label: 2, count: 1 });
const local = await freshStack('load', 'none');
const stack = stackInfoOf(local);
let failures = 0;
try {
  const probe = await createUser(stack, 'probe');
  await api(stack, '/api/me', { token: probe.idToken });
  console.log(`autocannon, ${DURATION_S} s, 20 connections, loopback:`);
  failures += await cannon('GET /api/packages', `${stack.gatewayUrl}/api/packages`);
  failures += await cannon('GET /api/me', `${stack.gatewayUrl}/api/me`, { authorization: `Bearer ${probe.idToken}` });

  const latencies: Record<string, number[]> = { signIn: [], analyze: [], buy: [] };
  let errors = 0;
  let bought = 0;
  let charged = 0;
  const timed = async <T>(kind: string, fn: () => Promise<T>) => {
    const t = performance.now();
    try {
      return await fn();
    } finally {
      latencies[kind]!.push(performance.now() - t);
    }
  };
  const analyze = (token: string, photo: Buffer) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    return timed('analyze', () => api(stack, '/api/analyze-hairline', { method: 'POST', token, body: form }));
  };

  const journey = async (i: number) => {
    const user = await timed('signIn', () => createUser(stack, `load${i}`));
    const first = await analyze(user.idToken, photos[i % photos.length]!);
    if (first.status !== 402) {
      errors++;
      console.log(`user ${i}: expected 402 before buying, got ${first.status}`);
    }
    await timed('buy', async () => {
      const session = await api(stack, '/api/create-checkout-session', {
        method: 'POST',
        token: user.idToken,
        body: { packageId: '10-ratings' },
      });
      if (session.status !== 200) {
        errors++;
        return;
      }
      await fetch(`${stack.stripeUrl}/__emulator/sessions/${session.json.sessionId}/complete`, { method: 'POST' });
      const verify = await api(stack, `/api/verify-checkout-session?session_id=${session.json.sessionId}`, {
        token: user.idToken,
      });
      if (verify.status !== 200) errors++;
      else bought += 10;
    });
    for (const n of [1, 2]) {
      const res = await analyze(user.idToken, photos[(i + n) % photos.length]!);
      if (res.status === 200) charged++;
      else if (res.status !== 422) {
        errors++;
        console.log(`user ${i}: analyze ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: USERS }, (_, i) => journey(i)));
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\n${USERS} concurrent users (sign in → analyze (402) → buy → analyze → analyze) in ${seconds.toFixed(1)} s:`,
  );
  for (const [kind, values] of Object.entries(latencies)) {
    console.log(
      `  ${kind.padEnd(8)} n=${values.length}  p50 ${quantile(values, 0.5).toFixed(0)} ms  p95 ${quantile(values, 0.95).toFixed(0)} ms  p99 ${quantile(values, 0.99).toFixed(0)} ms  throughput ${(values.length / seconds).toFixed(2)}/s`,
    );
  }
  // a Scan answers at most 1 MB a page (rating items hold thumbnails): read every page
  const scanAll = async (TableName: string) => {
    const items: Record<string, unknown>[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await documentClient(stack).send(
        new ScanCommand({ TableName, ExclusiveStartKey, ProjectionExpression: 'credits, userId' }),
      );
      items.push(...(page.Items ?? []));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return items;
  };
  const users = await scanAll(stack.env.USERS_TABLE!);
  const balances = users.reduce((sum, u) => sum + Number(u.credits ?? 0), 0);
  const ratings = { Count: (await scanAll(stack.env.RATINGS_TABLE!)).length };
  const drift = bought - charged - balances;
  console.log(
    `credit audit: bought ${bought} − analyses ${charged} (ratings stored ${ratings.Count}) = ${bought - charged}; sum of balances ${balances}; drift ${drift}`,
  );
  console.log(`journey errors: ${errors}`);
  failures += errors + Math.abs(drift) + (ratings.Count === charged ? 0 : 1);

  console.log('');
  failures += await analyzeBursts(stack, burstPhoto!.bytes);
} finally {
  await local.stop();
}
process.exit(failures ? 1 : 0);
