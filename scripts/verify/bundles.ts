/**
 * `npm run verify:bundles [-- --ci] [-- --no-synth]`: proof, without AWS, that the deployable function bundles work.
 *  1. `cdk synth -c installNativeModules=true` (the bundles exactly as `npm run deploy` uploads them);
 *  2. every function and layer asset: zipped and unzipped size against Lambda's limits, native binaries and their CPU;
 *  3. the upload, analyze, create-share and share-card functions run FROM THEIR cdk.out ASSETS on linux-arm64 Node 22
 *     under qemu user-mode emulation, in a sandbox where only /tmp is writable and no system font exists, against a
 *     DynamoDB Local started here; the analyses must equal the host's (x86, source tree) exactly, the card must have
 *     its text; the analysis function's emulated cold start is printed.
 * --ci: when the emulator cannot be installed (no root, no apt, no user namespaces), say so in one line and pass on
 * the size and architecture checks alone. --no-synth: reuse the previous synth output.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ANALYSIS_BUNDLE_BUDGET_BYTES } from '#infra/constructs/analysis-bundle.ts';
import { pascal } from '#infra/constructs/data.ts';
import { REPO_ROOT } from '#infra/stack.ts';
import { ensureTables, localDynamoClient, startDynamoDb } from '#infra/local/dynamodb.ts';
import { DEFAULT_PORTS, HOST, resolvePorts } from '#infra/local/ports.ts';
import { functionAssets, inspectAsset, type AssetContents, type FunctionAsset } from '#infra/verify/assets.ts';
import { cardHasText, cardTextCheck, resultDifferences, withoutText, type RawImage } from '#infra/verify/compare.ts';
import { prepareEmulator, type Emulator } from '#infra/verify/emulator.ts';
import { EMULATION_OVERRIDES, localFunctionEnv, type LocalStandIns } from '#infra/verify/lambda-env.ts';
import { bundledModelProblems } from '#infra/verify/model-files.ts';
import { sandboxCommand, USER_FILES } from '#infra/verify/sandbox.ts';
import { assetRows, judgeRow, sizeTable } from '#infra/verify/size-report.ts';
import { createDb } from '#lambdas/adapters/dynamo.ts';
import { shareCardSvg } from '#lambdas/domain/share-card.ts';
import { readPublicShare } from '#lambdas/domain/shares.ts';
import { newUserItem } from '#lambdas/domain/users.ts';
import { ORIGIN_VERIFY_HEADER } from '#lambdas/http/origin-verify.ts';
import { ROUTE_LIST, type Route, type RouteName } from '#shared/routes.ts';
import { TABLE_LIST } from '#shared/tables.ts';
import { NAMED_PHOTOS, readNamedPhoto, type PhotoName } from '#test/support/dataset-photos.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { addPhotoBody } from './invoke.ts';
import { requireLabelledFolders } from '#scripts/lib/datasets.ts';

const args = process.argv.slice(2);
const CI_MODE = args.includes('--ci');
const WORK = path.join(REPO_ROOT, '.local', 'verify-bundles');
const CDK_OUT = path.join(WORK, 'cdk.out');
const RUNNER = path.join(REPO_ROOT, 'infra/verify/lambda-runner.mjs');
/** dev photos (DATASETS_DIR): a portrait from the front and a crown photo */
const PHOTOS: PhotoName[] = ['portrait-full-1', 'bald-1'];
const photoBytes = new Map<PhotoName, Buffer>();
const failures: string[] = [];
const log = (line: string) => console.log(line);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** unzipped sizes some bundles must stay under, well below Lambda's limit: their cold starts load from them */
const BUDGETS: Partial<Record<RouteName, number>> = { analyzeHairline: ANALYSIS_BUNDLE_BUDGET_BYTES };

const routeOf = (a: FunctionAsset) => ROUTE_LIST.find((r) => `${pascal(r.name)}Function` === a.logicalId);

function synth(): void {
  if (args.includes('--no-synth') && existsSync(CDK_OUT))
    return log(`reusing ${path.relative(REPO_ROOT, CDK_OUT)} (--no-synth)`);
  log(
    'cdk synth -c installNativeModules=true (npm ci of the native modules for linux-arm64 into their bundles; a few minutes)',
  );
  rmSync(CDK_OUT, { recursive: true, force: true });
  const t = Date.now();
  const cdk = spawnSync(
    path.join(REPO_ROOT, 'node_modules/.bin/cdk'),
    ['synth', '--quiet', '-c', 'installNativeModules=true', '-o', CDK_OUT],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (cdk.status !== 0) throw new Error(`cdk synth failed:\n${`${cdk.stdout}${cdk.stderr}`.slice(-3000)}`);
  log(`synth took ${seconds(Date.now() - t)}`);
}

// ---- step 2: sizes and architectures ---------------------------------------------------------------------------

function checkAssets(): FunctionAsset[] {
  const assets = functionAssets(CDK_OUT);
  const contents = new Map<string, AssetContents>();
  for (const a of assets) contents.set(a.logicalId, inspectAsset(a.assetPath));
  const rows = assetRows(assets, contents, (a) => routeOf(a)?.name ?? a.logicalId);
  log(
    `\nFunction assets (${rows.length}); Lambda limits: 250 MB unzipped with layers (hard), 50 MB zipped for a direct upload (the CDK uploads through S3)\n`,
  );
  log(sizeTable(rows));
  writeFileSync(path.join(WORK, 'size-table.md'), `${sizeTable(rows)}\n`);
  log('');
  for (const row of rows) {
    const verdict = judgeRow(row, BUDGETS[row.name as RouteName]);
    for (const note of verdict.notes) log(`note: ${note}`);
    for (const problem of verdict.problems) {
      log(`FAIL: ${problem}`);
      failures.push(problem);
    }
  }
  const natives = rows.flatMap((r) => r.natives.map((n) => `${r.name}: ${n.file} (${n.arch})`));
  log(`native binaries (${natives.length}):\n  ${natives.join('\n  ')}`);
  const analysis = assets.find((a) => routeOf(a)?.name === 'analyzeHairline');
  const modelProblems = analysis ? bundledModelProblems(analysis.assetPath) : ['no analyzeHairline asset'];
  for (const problem of modelProblems) log(`FAIL: ${problem}`);
  if (modelProblems.length === 0) log('model files in the analysis bundle: each with its pinned SHA-256');
  failures.push(...modelProblems);
  return assets;
}

// ---- step 3: emulated runs --------------------------------------------------------------------------------------

interface RunOutput {
  arch: string;
  node: string;
  importMs: number;
  invocations: { ms: number; result: any }[];
  maxRssMb: number;
  error?: string;
}

/** Runs the runner in a child process and reads its JSON from fd 3; the handler's own output goes to a log file. */
function runChild(command: string, argv: string[], env: Record<string, string>, logName: string): Promise<RunOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    const logFile = path.join(WORK, `${logName}.log`);
    const logs: Buffer[] = [];
    const result: Buffer[] = [];
    child.stdout!.on('data', (c: Buffer) => logs.push(c));
    child.stderr!.on('data', (c: Buffer) => logs.push(c));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (c: Buffer) => result.push(c));
    child.once('error', reject);
    child.once('close', (code) => {
      writeFileSync(logFile, Buffer.concat(logs));
      const text = Buffer.concat(result).toString('utf8');
      if (!text)
        return reject(
          new Error(
            `${logName} exited with ${code} and no result; its output (${path.relative(REPO_ROOT, logFile)}):\n${Buffer.concat(logs).toString('utf8').slice(-3000)}`,
          ),
        );
      const out = JSON.parse(text) as RunOutput;
      if (out.error) return reject(new Error(`${logName}: ${out.error}\n(log: ${path.relative(REPO_ROOT, logFile)})`));
      resolve(out);
    });
  });
}

interface Runs {
  emu: Emulator;
  assets: FunctionAsset[];
  local: LocalStandIns;
  jobs: string;
}

function assetFor(runs: Runs, route: RouteName): FunctionAsset {
  const a = runs.assets.find((x) => x.logicalId === `${pascal(route)}Function`);
  if (!a) throw new Error(`no function for route ${route} in the template`);
  return a;
}

function writeJob(runs: Runs, name: string, fn: FunctionAsset, route: Route, events: unknown[]): string {
  const job = path.join(runs.jobs, `${name}.json`);
  writeFileSync(
    job,
    JSON.stringify({
      functionName: fn.logicalId,
      memoryMb: fn.memoryMb ?? 128,
      timeoutSeconds: route.timeoutSeconds ?? 10,
      events,
    }),
  );
  return job;
}

const routeDef = (name: RouteName) => ROUTE_LIST.find((r) => r.name === name)!;

/** The function's bundle in the arm64 sandbox: one process, one cold start, the events in order. */
function runEmulated(runs: Runs, route: RouteName, events: unknown[]): Promise<RunOutput> {
  const fn = assetFor(runs, route);
  const job = writeJob(runs, `arm64-${route}`, fn, routeDef(route), events);
  // Lambda's Handler "file.export": the file is looked up in /var/task as the Node runtime does
  const [file, exportName] = String(fn.handler).split(/\.(?=[^.]+$)/) as [string, string];
  const { command, args: argv } = sandboxCommand(runs.emu, {
    taskDir: fn.assetPath,
    runtimeDir: runs.jobs,
    env: localFunctionEnv(fn, runs.local),
    nodeArgs: ['/var/runtime/lambda-runner.mjs', `/var/task/${file}`, exportName, `/var/runtime/${path.basename(job)}`],
  });
  return runChild(command, argv, {}, `arm64-${route}`);
}

/** The same handler from the source tree on this machine's Node (x86): what `npm start` and the tests run. */
function runHost(
  runs: Runs,
  route: RouteName,
  events: unknown[],
  extraEnv: Record<string, string> = {},
): Promise<RunOutput> {
  const fn = assetFor(runs, route);
  const job = writeJob(runs, `host-${route}`, fn, routeDef(route), events);
  const env = localFunctionEnv(fn, runs.local);
  // the bundle's paths (/var/task/...) do not exist here: the source tree finds its files itself
  delete env.PERSON_MODEL_PATH;
  delete env.TIPPED_FACE_MODEL_PATH;
  delete env.MODEL_CACHE_DIR;
  delete env.FONTCONFIG_FILE;
  return runChild(
    process.execPath,
    ['--import', 'tsx', RUNNER, path.join(REPO_ROOT, routeDef(route).handler), 'handler', job],
    {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/root',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...env,
      ...extraEnv,
    },
    `host-${route}`,
  );
}

function fixtureEvent(runs: Runs, name: RouteName, userId?: string): Record<string, any> {
  const event = JSON.parse(readFileSync(path.join(REPO_ROOT, 'test/events', `${name}.json`), 'utf8'));
  event.headers = { ...event.headers, [ORIGIN_VERIFY_HEADER]: runs.local.originSecret };
  if (userId) event.requestContext.authorizer.jwt.claims.sub = userId;
  return event;
}

function photoEvent(
  runs: Runs,
  route: 'analyzeHairline' | 'upload',
  photo: PhotoName,
  userId?: string,
): Record<string, any> {
  const event = fixtureEvent(runs, route, userId);
  addPhotoBody(event, photoBytes.get(photo)!, `${photo}.jpg`);
  return event;
}

function uploadIdEvent(runs: Runs, uploadId: string, userId: string): Record<string, any> {
  const event = fixtureEvent(runs, 'analyzeHairline', userId);
  const body = JSON.stringify({ uploadId });
  event.headers = { ...event.headers, 'content-type': 'application/json', 'content-length': String(body.length) };
  event.body = body;
  event.isBase64Encoded = false;
  return event;
}

function shareEvent(runs: Runs, ratingId: string, userId: string): Record<string, any> {
  const event = fixtureEvent(runs, 'createShare', userId);
  event.pathParameters = { id: ratingId };
  event.rawPath = `/api/ratings/${ratingId}/share`;
  event.requestContext.http.path = event.rawPath;
  // no photo on the card: the text check compares it with a text-less render of the same SVG
  event.body = JSON.stringify({ anonymous: false, includePhoto: false });
  return event;
}

function cardEvent(runs: Runs, shareId: string): Record<string, any> {
  const event = fixtureEvent(runs, 'shareCard');
  event.pathParameters = { shareId };
  event.rawPath = `/api/shares/${shareId}/card.png`;
  event.requestContext.http.path = event.rawPath;
  return event;
}

const body = (r: any) => (typeof r?.body === 'string' && !r.isBase64Encoded ? JSON.parse(r.body) : r?.body);

function expectStatus(what: string, out: RunOutput, i: number, status: number): any {
  const r = out.invocations[i]?.result;
  if (r?.statusCode !== status)
    throw new Error(`${what}: status ${r?.statusCode}, expected ${status}: ${String(r?.body).slice(0, 500)}`);
  return r;
}

async function raw(png: Buffer | string): Promise<RawImage> {
  const { data, info } = await sharp(typeof png === 'string' ? Buffer.from(png, 'base64') : png)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

async function emulatedRuns(assets: FunctionAsset[], emu: Emulator): Promise<void> {
  requireLabelledFolders(
    'verify:bundles',
    [...new Set(PHOTOS.map((p) => NAMED_PHOTOS[p].set))].map((set) => path.join(datasetsRoot(), set)),
  );
  for (const name of PHOTOS) photoBytes.set(name, await readNamedPhoto(name));
  const [port] = [(await resolvePorts({ ...DEFAULT_PORTS, dynamodb: 0 })).dynamodb];
  const dynamo = await startDynamoDb({ port, log: () => {} });
  const jobs = mkdtempSync(path.join(tmpdir(), 'verify-bundles-'));
  try {
    copyFileSync(RUNNER, path.join(jobs, 'lambda-runner.mjs'));
    for (const [name, text] of Object.entries(USER_FILES)) writeFileSync(path.join(jobs, name), text);
    const tables = Object.fromEntries(TABLE_LIST.map((t) => [t.envVar, `verify-${t.id}`]));
    const local: LocalStandIns = {
      tables,
      dynamoEndpoint: `http://${HOST}:${port}`,
      originSecret: randomBytes(16).toString('hex'),
      siteUrl: 'https://verify.example',
    };
    const runs: Runs = { emu, assets, local, jobs };
    const client = localDynamoClient(port);
    await ensureTables(client, Object.fromEntries(TABLE_LIST.map((t) => [t.id, tables[t.envVar]!])) as any);
    const db = createDb({
      AWS_REGION: 'us-east-1',
      DYNAMODB_ENDPOINT: local.dynamoEndpoint,
      USERS_TABLE: tables.USERS_TABLE!,
      RATINGS_TABLE: tables.RATINGS_TABLE!,
      UPLOADS_TABLE: tables.UPLOADS_TABLE!,
      SHARES_TABLE: tables.SHARES_TABLE!,
      REMINDERS_TABLE: tables.REMINDERS_TABLE!,
    });
    const users = { host: 'verify-host-x86', arm: 'verify-arm64' };
    for (const userId of Object.values(users)) {
      const item = {
        ...newUserItem(
          userId,
          { username: userId, email: `${userId}@example.com`, firstName: null, lastName: null },
          new Date(),
        ),
        credits: 5,
      };
      await db.users.createIfAbsent(item);
    }
    log(
      `\nDynamoDB Local on ${HOST}:${port}; ${Object.entries(EMULATION_OVERRIDES)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')} (Rekognition needs AWS)`,
    );

    // the host's results first (x86, source tree), then the same requests to the arm64 bundles
    log(`host (x86, ${process.version}, source tree): upload, then analyze ${PHOTOS.join(', ')} and the upload`);
    const hostUpload = await runHost(runs, 'upload', [photoEvent(runs, 'upload', PHOTOS[0]!)]);
    const hostUploadId = body(expectStatus('host upload', hostUpload, 0, 201)).id;
    const hostAnalyze = await runHost(runs, 'analyzeHairline', [
      ...PHOTOS.map((p) => photoEvent(runs, 'analyzeHairline', p, users.host)),
      uploadIdEvent(runs, hostUploadId, users.host),
    ]);

    log(
      `arm64 (qemu-aarch64, Node ${emu.nodeVersion}, cdk.out bundles, read-only root, no system fonts): upload (slow under emulation)`,
    );
    const armUpload = await runEmulated(runs, 'upload', [photoEvent(runs, 'upload', PHOTOS[0]!)]);
    if (armUpload.arch !== 'arm64') throw new Error(`the emulated upload ran on ${armUpload.arch}`);
    const armUploadId = body(expectStatus('arm64 upload', armUpload, 0, 201)).id;
    log(`  upload: 201 in ${seconds(armUpload.importMs + armUpload.invocations[0]!.ms)} (cold)`);

    log('arm64: analyze (the same photos, then the arm64 upload)');
    const armAnalyze = await runEmulated(runs, 'analyzeHairline', [
      ...PHOTOS.map((p) => photoEvent(runs, 'analyzeHairline', p, users.arm)),
      uploadIdEvent(runs, armUploadId, users.arm),
    ]);
    const [first, ...rest] = armAnalyze.invocations;
    log(
      `  cold start under emulation: ${seconds(armAnalyze.importMs + first!.ms)} = import ${seconds(armAnalyze.importMs)} + first analysis ${seconds(first!.ms)}; warm analyses: ${rest.map((r) => seconds(r.ms)).join(', ')}`,
    );
    log(
      `  (host x86 for comparison: import ${seconds(hostAnalyze.importMs)} + first analysis ${seconds(hostAnalyze.invocations[0]!.ms)}; peak RSS ${Math.round(hostAnalyze.maxRssMb)} MB of the function's ${assetFor(runs, 'analyzeHairline').memoryMb} MB)`,
    );

    const labels = [...PHOTOS, 'upload of ' + PHOTOS[0]];
    const armRatings: any[] = [];
    for (const [i, label] of labels.entries()) {
      const host = body(expectStatus(`host analyze ${label}`, hostAnalyze, i, 200));
      const arm = body(expectStatus(`arm64 analyze ${label}`, armAnalyze, i, 200));
      armRatings.push(arm);
      const diffs = resultDifferences(arm, host);
      const sameImages = arm.imageBase64 === host.imageBase64 && arm.overlayBase64 === host.overlayBase64;
      if (diffs.length === 0)
        log(
          `  ${label}: arm64 = x86 (score ${arm.score}, "${arm.rating}", Norwood ${arm.norwoodStage}, ${Object.keys(arm.measurements ?? {}).length} measurements equal; thumbnail and overlay JPEGs ${sameImages ? 'byte-identical' : 'differ in bytes'})`,
        );
      else {
        log(`  FAIL ${label}: arm64 ≠ x86:\n    ${diffs.slice(0, 20).join('\n    ')}`);
        failures.push(`analysis of ${label} differs between arm64 and x86`);
      }
    }

    log('arm64: create a share of the first rating, then render its card');
    const armShare = await runEmulated(runs, 'createShare', [shareEvent(runs, armRatings[0].id, users.arm)]);
    const shareId = body(expectStatus('arm64 create share', armShare, 0, 201)).shareId;
    const armCard = await runEmulated(runs, 'shareCard', [cardEvent(runs, shareId)]);
    const armPng = expectStatus('arm64 share card', armCard, 0, 200);
    if (armPng.headers?.['content-type'] !== 'image/png' || !armPng.isBase64Encoded)
      throw new Error('arm64 share card: not a base64 PNG');

    // the host's card with the bundle's own fonts (the fontconfig file of the bundle, pointed at the bundle's fonts)
    const fontsDir = path.join(assetFor(runs, 'shareCard').assetPath, 'fonts');
    const hostFonts = path.join(jobs, 'fonts.conf');
    writeFileSync(
      hostFonts,
      readFileSync(path.join(fontsDir, 'fonts.conf'), 'utf8')
        .replaceAll('/var/task/fonts', fontsDir)
        .replaceAll('/tmp/fontconfig-cache', path.join(jobs, 'fc-cache')),
    );
    const hostCard = await runHost(runs, 'shareCard', [cardEvent(runs, shareId)], { FONTCONFIG_FILE: hostFonts });
    const hostPng = expectStatus('host share card', hostCard, 0, 200);
    const { view } = await readPublicShare(db, shareId);
    const textless = await sharp(Buffer.from(withoutText(shareCardSvg(view, { withPhoto: false }))))
      .png()
      .toBuffer();
    writeFileSync(path.join(WORK, 'card-arm64.png'), Buffer.from(armPng.body, 'base64'));
    writeFileSync(path.join(WORK, 'card-x86.png'), Buffer.from(hostPng.body, 'base64'));
    const check = cardTextCheck(await raw(armPng.body), await raw(hostPng.body), await raw(textless));
    const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;
    const cardLine = `share card: ${check.textPixels} text pixels; the arm64 card draws ${pct(check.matchingTextPixels, check.textPixels)} of them as the x86 card does; ${check.differingPixels} pixels differ in all (${path.relative(REPO_ROOT, WORK)}/card-arm64.png)`;
    if (cardHasText(check)) log(`  ${cardLine}`);
    else {
      log(`  FAIL ${cardLine}`);
      failures.push('the arm64 share card has no (or other) text');
    }
    log(
      `  cold starts under emulation: createShare ${seconds(armShare.importMs + armShare.invocations[0]!.ms)}, shareCard ${seconds(armCard.importMs + armCard.invocations[0]!.ms)}`,
    );
  } finally {
    await dynamo.stop();
    rmSync(jobs, { recursive: true, force: true });
  }
}

// ---- main -------------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  mkdirSync(WORK, { recursive: true });
  log(
    `verify:bundles on ${process.platform}-${process.arch}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  synth();
  const assets = checkAssets();
  let emu: Emulator | undefined;
  try {
    emu = prepareEmulator(path.join(WORK, 'tools'), log);
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    if (!CI_MODE) throw new Error(`the arm64 emulator cannot be set up: ${reason} (--ci skips the emulated runs)`);
    log(`emulation skipped (--ci): ${reason}`);
  }
  if (emu) await emulatedRuns(assets, emu);
  const passed = emu
    ? 'verify:bundles passed'
    : 'verify:bundles passed (sizes and architectures only: no emulated runs)';
  log(failures.length === 0 ? `\n${passed}` : `\nverify:bundles FAILED:\n  ${failures.join('\n  ')}`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`verify:bundles FAILED: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
