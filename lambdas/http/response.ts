import { DomainError } from '../domain/errors.ts';
import type { ReportEvent } from '../domain/events.ts';
import { DOMAIN_ERROR_STATUS, HttpError } from './errors.ts';
import { logger } from '../logging.ts';
import { RequestMetrics, countsOfStatus } from '../metrics.ts';
import { fromTrustedOrigin, originPolicy, type OriginPolicy } from './origin-verify.ts';
import { originalStack } from './stack-trace.ts';
import type { ApiEvent, ApiHandler, ApiResult } from './types.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): ApiResult {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

/** An HTML page (the share page). */
export function html(statusCode: number, body: string, headers: Record<string, string> = {}): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', ...headers },
    body,
  };
}

/** Binary content (a PNG): base64 in the result, which API Gateway (and the local gateway) decode for the client. */
export function binary(
  statusCode: number,
  bytes: Uint8Array,
  contentType: string,
  headers: Record<string, string> = {},
): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': contentType, ...headers },
    body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    isBase64Encoded: true,
  };
}

/** An empty success (204), never cached. */
export function noContent(): ApiResult {
  return { statusCode: 204, headers: { 'cache-control': 'no-store' }, body: '' };
}

export function errorResponse(statusCode: number, message: string, details?: unknown): ApiResult {
  return json(statusCode, details === undefined ? { message } : { message, details });
}

/** Maps a thrown error to a response: typed errors get their status (errors.ts), anything else is a logged 500. */
export function toErrorResponse(error: unknown): ApiResult {
  if (error instanceof HttpError) return errorResponse(error.statusCode, error.message, error.details);
  if (error instanceof DomainError) return errorResponse(DOMAIN_ERROR_STATUS[error.code], error.message, error.details);
  logger.error('unhandled error', { error: originalStack(String((error as Error)?.stack ?? error)) });
  return errorResponse(500, 'Internal server error');
}

let processPolicy: OriginPolicy | undefined;
/** true until the process has answered its first request: the Lambda's cold start */
let coldStart = true;

/** What the wrapper gives a handler body for the one request it answers. */
export interface RequestScope {
  /** the domain's `events`: what it reports is counted as metrics of this request (lambdas/metrics.ts) */
  events: ReportEvent;
}

export type HandlerBody = (event: ApiEvent, scope: RequestScope) => Promise<ApiResult>;

/**
 * Wraps a handler body: requests that did not come through CloudFront are refused (403, see origin-verify.ts), every
 * failure becomes a JSON response, every log line of the request carries its id, and each request writes one line
 * (route, status, latency, cold start)
 * and flushes its metrics once (the domain's events and the 4xx/5xx count).
 */
export function withErrors(body: HandlerBody, policy?: OriginPolicy): ApiHandler {
  return async (event) => {
    const started = performance.now();
    // every line this request writes (the domain's too) carries its id; one invocation at a time per Lambda
    // environment, and Powertools scopes the keys per invocation where they run at once
    logger.appendKeys({ requestId: event.requestContext?.requestId });
    const requestMetrics = new RequestMetrics();
    const result = await answer(event, { events: requestMetrics.report });
    requestMetrics.add(countsOfStatus(result.statusCode ?? 200));
    logger.info('request', {
      requestId: event.requestContext?.requestId,
      route: event.routeKey ?? `${event.requestContext?.http?.method} ${event.rawPath}`,
      status: result.statusCode,
      latencyMs: Math.round(performance.now() - started),
      coldStart,
    });
    coldStart = false;
    try {
      requestMetrics.flush();
    } catch (error) {
      // counting must never fail a request that has been served
      logger.warn('metrics not written', { error: String(error) });
    }
    logger.resetKeys();
    return result;
  };

  async function answer(event: ApiEvent, scope: RequestScope): Promise<ApiResult> {
    const origin = policy ?? (processPolicy ??= originPolicy(process.env));
    if (!fromTrustedOrigin(event, origin)) {
      if (origin.kind === 'closed') logger.error('ORIGIN_VERIFY_SECRET is not set: refusing every request');
      return errorResponse(403, 'Forbidden');
    }
    try {
      return await body(event, scope);
    } catch (error) {
      return toErrorResponse(error);
    }
  }
}
