import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { ApiEvent } from '#lambdas/http/types.ts';
import type { RouteDef } from '#shared/routes.ts';

// Bodies of these types reach the Lambda as text, everything else (images, multipart) as base64, as on API Gateway.
const TEXT_TYPES = [
  /^text\//,
  /^application\/json/,
  /^application\/[\w.+-]*\+json/,
  /^application\/x-www-form-urlencoded/,
  /^application\/xml/,
];

export function isTextBody(contentType: string | undefined): boolean {
  return !!contentType && TEXT_TYPES.some((re) => re.test(contentType.toLowerCase()));
}

/** HTTP API hands claims over as strings. */
export function stringifyClaims(payload: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(payload)) {
    out[k] = typeof v === 'string' ? v : Array.isArray(v) ? `[${v.join(' ')}]` : String(v);
  }
  return out;
}

/** Builds an API Gateway HTTP API (payload format 2.0) event from a Node request. */
export function buildEvent(input: {
  req: IncomingMessage;
  url: URL;
  route: RouteDef;
  pathParameters: Record<string, string>;
  body: Buffer;
  claims?: Record<string, string>;
  now?: Date;
}): ApiEvent {
  const { req, url, route, body } = input;
  const now = input.now ?? new Date();
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') cookies.push(...String(value).split(/;\s*/).filter(Boolean));
    else headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const text = isTextBody(headers['content-type']);
  const routeKey = `${route.method} ${route.path}`;
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies: cookies.length ? cookies : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(input.pathParameters).length ? input.pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? '127.0.0.1',
      domainPrefix: 'local',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: input.claims ?? {}, scopes: [] } },
    },
    body: body.length ? (text ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !text,
  } as ApiEvent;
}
