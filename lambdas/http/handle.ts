/**
 * One route's handler from its contract (shared/routes.ts): the shared wrapper (origin check, the error table, the
 * request log line and the request id on every line: response.ts), then, on an `auth` route, the caller and their
 * live profile (a deleted account's old token is refused, 401, before anything about the request is judged), then the
 * path parameters, query and JSON body parsed with the contract's schemas. The function gets them typed and answers
 * with what the contract's response declares (type-checked), or a `reply` that sets the status or headers.
 */
import * as z from 'zod/mini';
import type { BodyContract, ResponseContract, RouteDef, Schema } from '#shared/routes.ts';
import type { Caller } from '../domain/caller.ts';
import type { Db } from '../domain/db.ts';
import { notFound } from '../domain/errors.ts';
import type { ReportEvent } from '../domain/events.ts';
import type { UserItem } from '../domain/ports/users.ts';
import { ensureProfile } from '../domain/users.ts';
import { callerOf } from './auth.ts';
import { jsonBody, rawBody } from './body.ts';
import type { OriginPolicy } from './origin-verify.ts';
import { binary, html, json, noContent, withErrors } from './response.ts';
import type { ApiEvent, ApiHandler, ApiResult } from './types.ts';
import { parseWith } from './validate.ts';

type Parsed<S> = S extends Schema ? z.output<S> : Record<string, never>;
type BodyOf<B> = B extends Schema ? z.output<B> : B extends 'raw' ? Buffer : undefined;
type NeedsProfile<R extends RouteDef> = R['auth'] extends true
  ? R['ensureProfile'] extends false
    ? false
    : true
  : false;

/** What the function of a route gets. */
export interface RouteRequest<R extends RouteDef> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  /** the parsed JSON body, the raw bytes (`raw`), or nothing (`multipart`: read from `event`) */
  body: BodyOf<R['body']>;
  caller: R['auth'] extends true ? Caller : undefined;
  /** the caller's live profile (ensured), on `auth` routes that do not opt out */
  profile: NeedsProfile<R> extends true ? UserItem : undefined;
  /** the domain's `events` for this request (metrics) */
  events: ReportEvent;
  /** the request itself, for what no contract field holds (multipart forms, signature headers) */
  event: ApiEvent;
}

/** What a route answers: JSON matching its schema, a page, PNG bytes, or nothing (204). */
export type Payload<C extends ResponseContract> = C extends Schema
  ? z.input<C>
  : C extends 'html'
    ? string
    : C extends 'png'
      ? Uint8Array
      : void;

/** An answer with another status than the route's usual one (200, 204 for `empty`), or extra headers. */
export class Reply<T> {
  constructor(
    readonly status: number,
    readonly body: T,
    readonly headers: Record<string, string> = {},
  ) {}
}
export const reply = <T>(status: number, body: T, headers?: Record<string, string>) => new Reply(status, body, headers);

export type RouteFunction<R extends RouteDef> = (
  request: RouteRequest<R>,
) => Promise<Payload<R['response']> | Reply<Payload<R['response']>>>;

/** the stores, on routes that ensure the caller's profile */
export type HandleDeps<R extends RouteDef> = NeedsProfile<R> extends true ? { db: () => Db } : object;

export function handle<R extends RouteDef>(
  route: R,
  deps: HandleDeps<R>,
  fn: RouteFunction<R>,
  policy?: OriginPolicy,
): ApiHandler {
  return withErrors(async (event, { events }) => {
    const caller = route.auth ? callerOf(event) : undefined;
    const profile =
      caller && route.ensureProfile !== false
        ? await ensureProfile({ db: (deps as { db: () => Db }).db(), events }, caller)
        : undefined;
    const request = {
      params: pathParamsOf(route, event),
      query: route.query ? parseWith(route.query, event.queryStringParameters ?? {}) : {},
      body: bodyOf(route.body, event),
      caller,
      profile,
      events,
      event,
    } as RouteRequest<R>;
    const answer = await fn(request);
    return answer instanceof Reply
      ? respond(route.response, answer.status, answer.body, answer.headers)
      : respond(route.response, route.response === 'empty' ? 204 : 200, answer, {});
  }, policy);
}

/** A path that names nothing valid is the same 404 as an unknown thing (the gateways never send an empty one). */
function pathParamsOf(route: RouteDef, event: ApiEvent): unknown {
  if (!route.params) return {};
  const parsed = z.safeParse(route.params, event.pathParameters ?? {});
  if (!parsed.success) throw notFound('Not found');
  return parsed.data;
}

function bodyOf(contract: BodyContract | undefined, event: ApiEvent): unknown {
  if (contract === undefined || contract === 'multipart') return undefined;
  if (contract === 'raw') return rawBody(event);
  return parseWith(contract, jsonBody(event));
}

function respond(
  contract: ResponseContract,
  status: number,
  body: unknown,
  headers: Record<string, string>,
): ApiResult {
  if (contract === 'empty') return { statusCode: status, headers: { ...noContent().headers, ...headers }, body: '' };
  if (contract === 'html') return html(status, body as string, headers);
  if (contract === 'png') return binary(status, body as Uint8Array, 'image/png', headers);
  return json(status, body, headers);
}
