import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { findRoute, pathIsKnown, type Route } from '#shared/routes.ts';
import { ORIGIN_VERIFY_HEADER } from '#lambdas/http/origin-verify.ts';
import type { ApiHandler, ApiResult } from '#lambdas/http/types.ts';
import { createLimiter, type Limiter } from './concurrency.ts';
import { buildEvent, stringifyClaims } from './gateway-event.ts';
import type { CodeRecord } from './cognito.ts';
import { sendJson } from './http.ts';
import { HOST } from './ports.ts';

export interface GatewayOptions {
  port: number;
  /** repository root: handler modules of the route table are resolved against it */
  root: string;
  /** Cognito issuer, e.g. http://127.0.0.1:9229/<poolId>; its JWKS is at <issuer>/.well-known/jwks.json */
  issuer: string;
  /** accepted `aud` (ID token) or `client_id` (access token) */
  clientId: string;
  codesFile?: string;
  /** added to every handler event as the x-origin-verify header, as CloudFront does in AWS */
  originSecret?: string;
  log?: (line: string) => void;
  /** POST /__local/reminders/run: runs the reminder sender now (infra/local/reminder-job.ts) */
  runReminders?: () => Promise<unknown>;
  /** tests: load handlers and time them out differently */
  loadHandler?: (route: Route) => Promise<ApiHandler>;
  timeoutMs?: (route: Route) => number;
}

/** API Gateway's own limit on request payloads */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
const DEFAULT_TIMEOUT_SECONDS = 10;
/** invocations of one route at once when ROUTES gives no localConcurrency */
export const DEFAULT_LOCAL_CONCURRENCY = 8;

class GatewayError extends Error {
  /** `close`: answered before the request's body was read, so the connection cannot carry another request */
  constructor(
    readonly status: number,
    message: string,
    readonly close = false,
  ) {
    super(message);
  }
}

/**
 * How much of an oversized body is read (and dropped) before the 413 and the close: a client still sending when the
 * connection closes sees a reset instead of the answer, which it would not from API Gateway.
 */
const DISCARD_BYTES = 64 * 1024 * 1024;

/** The body, up to API Gateway's limit; past it (declared or sent), the rest is read and dropped up to a bound, then 413. */
function readRequestBody(req: IncomingMessage): Promise<Buffer> {
  const tooLarge = () => new GatewayError(413, 'Request Entity Too Large', true);
  let over = Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => (over ? reject(tooLarge()) : resolve(Buffer.concat(chunks)));
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) over = true;
      if (!over) chunks.push(chunk);
      else if (size > DISCARD_BYTES) {
        req.removeAllListeners('data');
        req.pause();
        done();
      }
    });
    req.on('end', done);
    req.on('error', reject);
  });
}

/** The route of a request; a path with a malformed percent-escape (%E0%A4%A) is the client's error, as API Gateway says. */
function routeOf(method: string, path: string) {
  try {
    return findRoute(method, path);
  } catch (err) {
    if (err instanceof URIError) throw new GatewayError(400, 'Bad Request');
    throw err;
  }
}

function writeResult(res: ServerResponse, result: unknown) {
  // A handler may return a bare value: API Gateway then answers 200 with it as JSON.
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    sendJson(res, 200, result);
    return;
  }
  const r = result as ApiResult;
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(r.headers ?? {})) headers[k] = String(v);
  if (r.cookies?.length) headers['set-cookie'] = r.cookies;
  res.writeHead(r.statusCode ?? 200, headers);
  res.end(r.body === undefined ? undefined : r.isBase64Encoded ? Buffer.from(r.body, 'base64') : r.body);
}

/** A small HTTP API: the route table, JWT checks for protected routes and the v2 event, as API Gateway does it. */
export function createGateway(opts: GatewayOptions) {
  const log = opts.log ?? ((l: string) => console.log(l));
  const jwks = createRemoteJWKSet(new URL(`${opts.issuer}/.well-known/jwks.json`));
  const modules = new Map<string, Promise<ApiHandler>>();
  const limiters = new Map<string, Limiter>();
  const limiterOf = (route: Route) => {
    let limiter = limiters.get(route.name);
    if (!limiter)
      limiters.set(route.name, (limiter = createLimiter(route.localConcurrency ?? DEFAULT_LOCAL_CONCURRENCY)));
    return limiter;
  };
  const timeoutOf = opts.timeoutMs ?? ((route: Route) => (route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000);

  const loadHandler =
    opts.loadHandler ??
    ((route: Route) => {
      let loaded = modules.get(route.handler);
      if (!loaded) {
        loaded = import(pathToFileURL(resolve(opts.root, route.handler)).href).then(
          (m: { handler: ApiHandler }) => m.handler,
        );
        modules.set(route.handler, loaded);
      }
      return loaded;
    });

  const authorize = async (req: IncomingMessage): Promise<Record<string, string>> => {
    const header = req.headers.authorization ?? '';
    const token = /^Bearer\s+(.+)$/i.exec(header)?.[1];
    if (!token) throw new GatewayError(401, 'Unauthorized');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, { issuer: opts.issuer }));
    } catch {
      throw new GatewayError(401, 'Unauthorized');
    }
    const audience = payload.aud ?? (payload as { client_id?: string }).client_id;
    const audiences = Array.isArray(audience) ? audience : [audience];
    if (!audiences.includes(opts.clientId)) throw new GatewayError(401, 'Unauthorized');
    return stringifyClaims(payload);
  };

  const readJson = <T>(file: string | undefined, fallback: T): T => {
    try {
      return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback;
    } catch {
      return fallback; // caught mid-write: the next poll reads it whole
    }
  };

  const localCodes = (url: URL, res: ServerResponse) => {
    const username = url.searchParams.get('username');
    const codes = readJson<CodeRecord[]>(opts.codesFile, []).filter((c) => !username || c.username === username);
    sendJson(res, 200, { latest: codes.at(-1) ?? null, codes });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? HOST}`);
    if (url.pathname === '/__local/codes' && req.method === 'GET') return localCodes(url, res);
    if (url.pathname === '/__local/health') return sendJson(res, 200, { ok: true });
    if (url.pathname === '/__local/reminders/run' && req.method === 'POST' && opts.runReminders) {
      return sendJson(res, 200, await opts.runReminders());
    }
    const match = routeOf(req.method ?? 'GET', url.pathname);
    if (!match)
      return sendJson(res, pathIsKnown(url.pathname) ? 405 : 404, {
        message: pathIsKnown(url.pathname) ? 'Method Not Allowed' : 'Not Found',
      });
    const { route, params } = match;
    const claims = route.auth ? await authorize(req) : undefined;
    const body = await readRequestBody(req);
    const event = buildEvent({ req, url, route, pathParameters: params, body, claims });
    if (opts.originSecret) event.headers[ORIGIN_VERIFY_HEADER] = opts.originSecret;
    const handler = await loadHandler(route);
    // wait for a free slot of this route (Lambda would start another instance); the integration timeout starts now
    const release = await limiterOf(route).acquire();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new GatewayError(503, 'Service Unavailable')), timeoutOf(route));
    });
    try {
      writeResult(res, await Promise.race([handler(event), timeout]));
    } finally {
      clearTimeout(timer);
      // on a timeout the slot is freed as Lambda frees a timed-out instance (the in-process handler may still finish)
      release();
    }
  };

  const server: Server = createServer((req, res) => {
    const started = performance.now();
    handle(req, res)
      .catch((error) => {
        if (error instanceof GatewayError)
          return sendJson(res, error.status, { message: error.message }, error.close ? { connection: 'close' } : {});
        log(`handler error: ${(error as Error)?.stack ?? error}`);
        // what API Gateway answers when the integration fails
        sendJson(res, 500, { message: 'Internal Server Error' });
      })
      .finally(() => log(`${req.method} ${req.url} ${res.statusCode} ${Math.round(performance.now() - started)}ms`));
  });

  return {
    server,
    listen: () => new Promise<void>((ok) => server.listen(opts.port, HOST, ok)),
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
