/**
 * `npm run bench:lambdas`: bundles every handler as the CDK stack does (`cdk synth`, esbuild, ESM, minified, AWS SDK
 * clients included), prints each bundle's size, and measures cold init per handler: a fresh Node process imports the
 * bundle and runs its first invocation (its test/events fixture, with the origin header CloudFront adds) against a
 * fresh local stack; median of N runs (default 10).
 * The analysis bundle leaves sharp and the face model packages outside (as an offline synth does); they load from
 * node_modules here and are counted in its init time.
 */
import { execFileSync, execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { pascal } from '#infra/constructs/data.ts';
import { REPO_ROOT } from '#infra/local/stack.ts';
import { runModelsStep } from '#infra/models/models-step.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { requireLabelledFolders } from '#scripts/lib/datasets.ts';
import { readDatasetPhotos, type DatasetPhoto } from '#test/support/dataset-photos.ts';
import { ROUTE, ROUTE_LIST, type Route } from '#shared/routes.ts';
import { addOriginHeader, addPhotoBody, resignStripeEvent } from '#scripts/verify/invoke.ts';
import { documentClient } from '#test/support/users.ts';
import { stackInfoOf } from '#test/support/stack-info.ts';
import { median } from '#shared/statistics.ts';
import { freshStack } from './lib/fresh-stack.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const OUT = join(REPO_ROOT, '.local', 'bench-lambdas', 'cdk.out');
const TARGET = { sizeKb: 400, initMs: 150, analysisInitMs: 2000 };
const kb = (n: number) => (n / 1024).toFixed(1);

console.log('bundling every handler with cdk synth (as for a deploy, native modules left out offline)...');
rmSync(OUT, { recursive: true, force: true });
execFileSync(join(REPO_ROOT, 'node_modules/.bin/cdk'), ['synth', '--quiet', '-o', OUT], {
  cwd: REPO_ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1' },
});
const templateFile = readdirSync(OUT).find((f) => f.endsWith('.template.json'))!;
const resources = JSON.parse(readFileSync(join(OUT, templateFile), 'utf8')).Resources as Record<string, any>;

function bundleDir(route: Route): string {
  const fn = resources[`${pascal(route.name)}Function`];
  const key = String(fn?.Properties?.Code?.S3Key ?? '');
  const dir = join(OUT, `asset.${key.replace(/\.zip$/, '')}`);
  if (!existsSync(dir)) throw new Error(`no bundle for ${route.name} (looked for ${dir})`);
  return dir;
}

await runModelsStep();
const local = await freshStack('bench-lambdas', 'none');
const stack = stackInfoOf(local);
const runner = join(local.dataDir, 'cold-init.mjs');
writeFileSync(
  runner,
  `
const t0 = performance.now();
const mod = await import(process.env.BUNDLE);
const t1 = performance.now();
const event = JSON.parse(process.env.EVENT);
const result = await mod.handler(event, { awsRequestId: 'bench', getRemainingTimeInMillis: () => 30000 });
const t2 = performance.now();
console.log(JSON.stringify({ importMs: t1 - t0, firstMs: t2 - t1, status: result?.statusCode }));
`,
);

requireLabelledFolders('bench:lambdas', [join(datasetsRoot(), 'norwood-groups')]);
const [{ bytes: photo }] = (await readDatasetPhotos({ set: 'norwood-groups', label: 1, count: 1 })) as [DatasetPhoto];

/** Events from the fixtures; analyze gets a real photo (multipart) so its first call runs the model. */
function eventFor(route: Route): Record<string, any> {
  const event = JSON.parse(readFileSync(join(REPO_ROOT, 'test/events', `${route.name}.json`), 'utf8'));
  if (route.name === 'stripeWebhook') resignStripeEvent(event, local.env.STRIPE_WEBHOOK_SECRET!);
  addOriginHeader(event, local.env);
  if (route.name === 'analyzeHairline' || route.name === 'upload') addPhotoBody(event, photo, 'photo.jpg');
  return event;
}

// asynchronous on purpose: the Stripe emulator runs in this process and must keep answering
async function coldInit(route: Route) {
  const out = await promisify(execFile)(process.execPath, [runner], {
    env: {
      ...process.env,
      ...local.env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      BUNDLE: join(bundleDir(route), 'index.mjs'),
      EVENT: JSON.stringify(eventFor(route)),
    },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? (error instanceof Error ? error.message : 'failed'),
  }));
  const line = out.stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line) as { importMs: number; firstMs: number; status: number };
  } catch {
    throw new Error(`${route.name}: ${out.stderr.slice(-800)}`);
  }
}

try {
  // the fixtures' user, with credits so that the analysis runs; deleteMe goes last since it removes that user
  const getMe = ROUTE.getMe;
  await coldInit(getMe);
  const sub = JSON.parse(readFileSync(join(REPO_ROOT, 'test/events/getMe.json'), 'utf8')).requestContext.authorizer.jwt
    .claims.sub;
  await documentClient(stack).send(
    new UpdateCommand({
      TableName: local.env.USERS_TABLE,
      Key: { userId: sub },
      UpdateExpression: 'SET credits = :c',
      ExpressionAttributeValues: { ':c': 10_000 },
    }),
  );

  const routes = [...ROUTE_LIST].sort((a, b) => Number(a.name === 'deleteMe') - Number(b.name === 'deleteMe'));
  console.log(
    `\nhandler                 bundle KB  (gzip)  map KB   init median (import + 1st call)   status   target`,
  );
  let missed = 0;
  for (const route of routes) {
    const dir = bundleDir(route);
    const code = readFileSync(join(dir, 'index.mjs'));
    const map = existsSync(join(dir, 'index.mjs.map')) ? statSync(join(dir, 'index.mjs.map')).size : 0;
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await coldInit(route));
    const total = median(runs.map((r) => r.importMs + r.firstMs));
    const analysis = route.name === 'analyzeHairline';
    const ok = analysis
      ? total <= TARGET.analysisInitMs
      : code.length / 1024 <= TARGET.sizeKb && total <= TARGET.initMs;
    if (!ok) missed++;
    console.log(
      `${route.name.padEnd(22)} ${kb(code.length).padStart(9)}  ${kb(gzipSync(code).length).padStart(6)}  ${kb(map).padStart(6)}   ${total.toFixed(0).padStart(5)} ms (${median(runs.map((r) => r.importMs)).toFixed(0)} + ${median(runs.map((r) => r.firstMs)).toFixed(0)})`.padEnd(
        88,
      ) +
        `${String(runs[0]!.status).padEnd(8)} ${analysis ? `≤ ${TARGET.analysisInitMs} ms` : `≤ ${TARGET.sizeKb} KB, ≤ ${TARGET.initMs} ms`} ${ok ? 'met' : 'NOT met'}`,
    );
  }
  console.log(
    `\n${RUNS} cold starts per handler; ${missed ? `${missed} handler(s) miss a target` : 'every target met'}.`,
  );
} finally {
  await local.stop();
}
