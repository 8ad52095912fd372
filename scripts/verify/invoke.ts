/**
 * Runs one route's Lambda handler in this process against the running local stack:
 *   npm run invoke -- <route-name> [event.json] [--raw]
 * The event defaults to test/events/<route-name>.json. The handler environment comes from the local stack's
 * state file (.local/stack.json, written by `npm start`; LOCAL_STACK_FILE overrides the path).
 * Output: the handler's result as pretty JSON, statusCode first; a JSON body is shown parsed unless --raw.
 */
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { format } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '#lambdas/http/origin-verify.ts';
import { ROUTE_LIST, type Route } from '#shared/routes.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export class InvokeError extends Error {}

export function findRouteByName(name: string): Route {
  const route = ROUTE_LIST.find((r) => r.name === name);
  if (!route) {
    throw new InvokeError(`unknown route "${name}"; routes: ${ROUTE_LIST.map((r) => r.name).join(', ')}`);
  }
  return route;
}

export function loadJson(file: string, what: string): unknown {
  if (!existsSync(file)) throw new InvokeError(`${what} not found: ${file}`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InvokeError(`${what} is not valid JSON: ${file} (${(error as Error).message})`);
  }
}

export function loadStackEnv(file: string): Record<string, string> {
  if (!existsSync(file)) throw new InvokeError('start the local stack first: npm start');
  const state = loadJson(file, 'local stack file') as { env?: Record<string, unknown> };
  if (!state.env || typeof state.env !== 'object') throw new InvokeError(`no "env" object in ${file}`);
  return Object.fromEntries(Object.entries(state.env).map(([k, v]) => [k, String(v)]));
}

/**
 * Fixtures carry a signature made with a throwaway secret; the local stack has its own webhook secret,
 * so the body is signed again (Stripe's scheme: HMAC-SHA256 of "<t>.<raw body>") to pass verification.
 */
export function resignStripeEvent(
  event: Record<string, any>,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): void {
  const raw = event.isBase64Encoded
    ? Buffer.from(String(event.body ?? ''), 'base64').toString('utf8')
    : String(event.body ?? '');
  const v1 = createHmac('sha256', secret).update(`${now}.${raw}`).digest('hex');
  event.headers = { ...(event.headers ?? {}), 'stripe-signature': `t=${now},v1=${v1}` };
}

/** Adds the secret origin header CloudFront adds in AWS (and the local gateway locally), when the stack has one. */
export function addOriginHeader(event: Record<string, any>, env: Record<string, string | undefined>): void {
  const secret = env[ORIGIN_VERIFY_ENV];
  if (secret) event.headers = { ...(event.headers ?? {}), [ORIGIN_VERIFY_HEADER]: secret };
}

/** Puts a JPEG in the event's body as the web app sends it: a multipart form with one `image` field, base64 encoded. */
export function addPhotoBody(event: Record<string, any>, photo: Uint8Array, filename: string): void {
  const boundary = 'hairlinephotoboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  event.headers = {
    ...event.headers,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(body.length),
  };
  event.body = body.toString('base64');
  event.isBase64Encoded = true;
}

export function formatResult(result: unknown, raw: boolean): string {
  if (!result || typeof result !== 'object') return JSON.stringify(result, null, 2);
  const { statusCode, ...rest } = result as Record<string, unknown>;
  const ordered: Record<string, unknown> = { statusCode, ...rest };
  const declared = (rest.headers as Record<string, unknown> | undefined)?.['content-type'];
  const contentType = typeof declared === 'string' ? declared : '';
  if (!raw && typeof rest.body === 'string' && !rest.isBase64Encoded && contentType.includes('json')) {
    try {
      ordered.body = JSON.parse(rest.body);
    } catch {
      // not JSON after all: show it as it is
    }
  }
  return JSON.stringify(ordered, null, 2);
}

async function main(argv: string[]): Promise<number> {
  const raw = argv.includes('--raw');
  const [name, eventArg] = argv.filter((a) => a !== '--raw');
  if (!name) {
    console.error(
      `usage: npm run invoke -- <route-name> [event.json] [--raw]\nroutes: ${ROUTE_LIST.map((r) => r.name).join(', ')}`,
    );
    return 2;
  }
  const route = findRouteByName(name);
  const eventFile = path.resolve(eventArg ?? path.join(ROOT, 'test/events', `${route.name}.json`));
  const event = loadJson(eventFile, 'event file') as Record<string, any>;
  const env = loadStackEnv(path.resolve(process.env.LOCAL_STACK_FILE ?? path.join(ROOT, '.local/stack.json')));
  Object.assign(process.env, env);
  if (route.name === 'stripeWebhook' && process.env.STRIPE_WEBHOOK_SECRET) {
    resignStripeEvent(event, process.env.STRIPE_WEBHOOK_SECRET);
  }
  addOriginHeader(event, env);

  // the handler's log lines (one per request) go to stderr, so stdout holds only the result
  const toStderr = (...args: unknown[]) => {
    process.stderr.write(`${format(...args)}\n`);
  };
  const printResult = console.log.bind(console);
  Object.assign(console, { log: toStderr, info: toStderr, warn: toStderr, debug: toStderr });
  process.env.POWERTOOLS_DEV ??= 'true'; // Powertools then writes through the console above
  const mod = (await import(pathToFileURL(path.join(ROOT, route.handler)).href)) as {
    handler?: (e: unknown) => Promise<unknown>;
  };
  if (typeof mod.handler !== 'function') throw new InvokeError(`${route.handler} exports no handler`);
  const result = await mod.handler(event);
  printResult(formatResult(result, raw));
  return 0;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof InvokeError ? error.message : error);
      process.exit(1);
    },
  );
}
