import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuntimeConfig } from '#shared/schemas.ts';
import { TABLE_LIST, type TableDef } from '#shared/tables.ts';
import { ORIGIN_VERIFY_ENV } from '#lambdas/http/origin-verify.ts';
import { startChild, type Child } from './child.ts';
import { CodeBook, ensureUserPool, localCognitoClient, startCognito } from './cognito.ts';
import { ensureTables, localDynamoClient, startDynamoDb } from './dynamodb.ts';
import { assertPortFree, HOST, resolvePorts, waitForPort, type Ports } from './ports.ts';
import { startSesEmulator, type SesEmulator } from './ses-emulator.ts';
import { startStripeEmulator, type StripeEmulator } from './stripe-emulator.ts';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const CONTACT_EMAIL = 'support@hairlinerater.app';

export interface LocalStackOptions {
  ports: Ports;
  /** where every service keeps its state; reused by the next start */
  dataDir: string;
  /** 'dev' = Vite dev server, 'preview' = the production build in dist/web, 'none' = no web server */
  web: 'dev' | 'preview' | 'none';
  /** with web 'preview': the build to serve instead of dist/web (the tests build into a folder of their own) */
  webOutDir?: string;
  /** true: each service's output goes to <dataDir>/logs/<service>.log instead of the console */
  quiet?: boolean;
  /** DynamoDB Local in memory instead of under dataDir (tests) */
  inMemoryDb?: boolean;
  /** how often the gateway looks for due reminders (default: infra/local/reminder-job.ts, or REMINDER_SWEEP_MS) */
  reminderSweepMs?: number;
}

export interface LocalStack {
  ports: Ports;
  urls: { web: string; gateway: string; dynamodb: string; cognito: string; stripe: string | null; ses: string };
  userPoolId: string;
  clientId: string;
  /** the environment the handlers run with (see lambdas/config/env.ts) */
  env: Record<string, string>;
  runtimeConfig: RuntimeConfig;
  dataDir: string;
  codesFile: string;
  stop(): Promise<void>;
}

function logger(dataDir: string, quiet: boolean | undefined) {
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  return (service: string) => {
    if (!quiet) return (line: string) => console.log(`[${service}] ${line}`);
    const stream = createWriteStream(join(dataDir, 'logs', `${service}.log`), { flags: 'a' });
    return (line: string) => stream.write(`${line}\n`);
  };
}

/** A secret made once per data folder, so restarts keep verifying what was signed before them. */
function localSecret(dataDir: string, name: string, prefix = ''): string {
  const file = join(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, `${prefix}${randomBytes(24).toString('hex')}`);
  return readFileSync(file, 'utf8').trim();
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const ports = await resolvePorts(options.ports);
  const realStripe = !!process.env.STRIPE_SECRET_KEY;
  const wanted: (keyof Ports)[] = [
    'gateway',
    'dynamodb',
    'cognito',
    'ses',
    ...(realStripe ? [] : ['stripe' as const]),
    ...(options.web === 'none' ? [] : ['web' as const]),
  ];
  for (const name of wanted) await assertPortFree(ports[name], name);

  const log = logger(dataDir, options.quiet);
  const children: Child[] = [];
  let stripe: StripeEmulator | undefined;
  let ses: SesEmulator | undefined;
  let stopWatchingCodes = () => {};
  const stop = async () => {
    stopWatchingCodes();
    await Promise.all([...children].reverse().map((c) => c.stop()));
    await stripe?.close();
    await ses?.close();
  };

  try {
    const url = (port: number) => `http://${HOST}:${port}`;
    const codesFile = join(dataDir, 'cognito-codes.json');
    const codes = new CodeBook(codesFile);
    const [dynamo, cognito] = await Promise.all([
      startDynamoDb({
        port: ports.dynamodb,
        dataDir: options.inMemoryDb ? undefined : join(dataDir, 'dynamodb'),
        log: log('dynamodb'),
      }),
      startCognito({ port: ports.cognito, dataDir: join(dataDir, 'cognito'), codes, log: log('cognito') }),
    ]);
    children.push(dynamo, cognito);

    const tableNames = Object.fromEntries(TABLE_LIST.map((t) => [t.id, `hairline-${t.id}`])) as Record<
      TableDef['id'],
      string
    >;
    await ensureTables(localDynamoClient(ports.dynamodb), tableNames);
    const { userPoolId, clientId } = await ensureUserPool(localCognitoClient(ports.cognito));
    const cognitoStore = join(dataDir, 'cognito', '.cognito', 'db', `${userPoolId}.json`);
    stopWatchingCodes = codes.watchStore(cognitoStore);

    const webhookSecret = realStripe
      ? (process.env.STRIPE_WEBHOOK_SECRET ?? '')
      : localSecret(dataDir, 'stripe-webhook-secret.txt', 'whsec_local_');
    ses = await startSesEmulator(ports.ses);
    if (!realStripe) {
      stripe = await startStripeEmulator({
        port: ports.stripe,
        webhookUrl: `${url(ports.gateway)}/api/stripe-webhook`,
        webhookSecret,
        stateFile: join(dataDir, 'stripe-emulator.json'),
        log: log('stripe'),
      });
    }

    const env: Record<string, string> = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      ...Object.fromEntries(TABLE_LIST.map((t) => [t.envVar, tableNames[t.id]])),
      DYNAMODB_ENDPOINT: url(ports.dynamodb),
      COGNITO_USER_POOL_ID: userPoolId,
      COGNITO_ENDPOINT: url(ports.cognito),
      STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY ?? 'sk_test_local_emulator',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      ...(stripe ? { STRIPE_API_URL: stripe.url } : {}),
      SITE_URL: url(ports.web),
      SES_ENDPOINT: ses.url,
      REMINDER_FROM_EMAIL: CONTACT_EMAIL,
      // kept per data folder, so the unsubscribe links of e-mails sent before a restart keep working
      REMINDER_TOKEN_SECRET: localSecret(dataDir, 'reminder-token-secret.txt'),
      AGE_ESTIMATOR: 'local',
      // the CloudFront origin secret: the gateway adds it to every request, as CloudFront does in AWS
      [ORIGIN_VERIFY_ENV]: randomBytes(24).toString('base64url'),
      ...(process.env.UPLOAD_RATE_LIMIT ? { UPLOAD_RATE_LIMIT: process.env.UPLOAD_RATE_LIMIT } : {}),
    };

    const gatewayEnv = {
      ...process.env,
      ...env,
      // metrics are EMF lines for CloudWatch (lambdas/metrics.ts); here they would only flood the gateway's output
      POWERTOOLS_METRICS_DISABLED: 'true',
      GATEWAY_PORT: String(ports.gateway),
      REPO_ROOT,
      COGNITO_ISSUER: `${url(ports.cognito)}/${userPoolId}`,
      COGNITO_CLIENT_ID: clientId,
      LOCAL_CODES_FILE: codesFile,
      ...(options.reminderSweepMs ? { REMINDER_SWEEP_MS: String(options.reminderSweepMs) } : {}),
    };
    children.push(
      startChild(
        'gateway',
        process.execPath,
        ['--enable-source-maps', '--import', 'tsx', join(REPO_ROOT, 'infra/local/gateway-main.ts')],
        {
          cwd: REPO_ROOT,
          env: gatewayEnv,
          onLine: log('gateway'),
        },
      ),
    );
    await waitForPort(ports.gateway, 30_000, 'the local gateway');

    const runtimeConfig: RuntimeConfig = {
      apiBase: '/api',
      region: 'us-east-1',
      userPoolId,
      userPoolClientId: clientId,
      cognitoEndpoint: url(ports.cognito),
      authFlowType: 'USER_PASSWORD_AUTH',
      googleEnabled: false,
      contactEmail: CONTACT_EMAIL,
    };
    const runtimeConfigFile = join(dataDir, 'runtime-config.json');
    writeFileSync(runtimeConfigFile, JSON.stringify(runtimeConfig, null, 2));

    if (options.web !== 'none') {
      const vite = join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
      const args =
        options.web === 'dev'
          ? [vite, '--config', 'web/vite.config.ts']
          : [
              vite,
              'preview',
              '--config',
              'web/vite.config.ts',
              ...(options.webOutDir ? ['--outDir', options.webOutDir] : []),
            ];
      children.push(
        startChild('web', process.execPath, args, {
          cwd: REPO_ROOT,
          env: {
            ...process.env,
            WEB_PORT: String(ports.web),
            GATEWAY_URL: url(ports.gateway),
            RUNTIME_CONFIG_FILE: runtimeConfigFile,
          },
          onLine: log('web'),
        }),
      );
      await waitForPort(ports.web, 60_000, 'the web server');
    }

    const stack: LocalStack = {
      ports,
      urls: {
        web: url(ports.web),
        gateway: url(ports.gateway),
        dynamodb: url(ports.dynamodb),
        cognito: url(ports.cognito),
        stripe: stripe?.url ?? null,
        ses: ses.url,
      },
      userPoolId,
      clientId,
      env,
      runtimeConfig,
      dataDir,
      codesFile,
      stop,
    };
    writeFileSync(
      join(dataDir, 'stack.json'),
      JSON.stringify({ ports, urls: stack.urls, userPoolId, clientId, env }, null, 2),
    );
    return stack;
  } catch (error) {
    await stop();
    throw error;
  }
}
