/**
 * The web app's one way to call the API: `call(route, { params, query, body })` with a route of the table
 * (shared/routes.ts). It builds the URL from the route's path, sends the body as JSON (or the FormData of a `multipart`
 * route), throws ApiError on a non-success status, and parses the answer with the route's response schema: the same
 * contract the server's handler is checked against.
 */
import * as z from 'zod/mini';
import type { BodyContract, ResponseContract, RouteDef, Schema } from '#shared/routes.ts';
import { ApiError, apiFetch, throwIfResNotOk } from './api.ts';

type In<S> = S extends Schema ? z.input<S> : never;
type BodyIn<B extends BodyContract | undefined> = B extends Schema
  ? z.input<B>
  : B extends 'multipart'
    ? FormData
    : never;

/** What a call names: the path parameters, the query and the body its route declares (only those). */
export type CallInput<R extends RouteDef> = ([In<R['params']>] extends [never] ? object : { params: In<R['params']> }) &
  ([In<R['query']>] extends [never] ? object : { query?: In<R['query']> }) &
  ([BodyIn<R['body']>] extends [never] ? object : { body: BodyIn<R['body']> });

/** What a call answers: the parsed JSON, or nothing for an `empty` (204) route. */
export type CallResult<C extends ResponseContract> = C extends Schema
  ? z.output<C>
  : C extends 'empty'
    ? void
    : Response;

export interface CallOptions {
  signal?: AbortSignal;
  headers?: HeadersInit;
}

/** The route's URL path with its parameters and query filled in (query values left undefined are left out). */
export function routePath(route: RouteDef, input: { params?: object; query?: object } = {}): string {
  const params = (input.params ?? {}) as Record<string, string>;
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.name}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Sends the request and answers the raw response (after the status check): for answers read as a file. */
export async function request<R extends RouteDef>(
  route: R,
  input: CallInput<R>,
  options: CallOptions = {},
): Promise<Response> {
  const { body } = input as { body?: unknown };
  const headers = new Headers(options.headers);
  const init: RequestInit = { method: route.method, headers, ...(options.signal ? { signal: options.signal } : {}) };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    headers.set('content-type', 'application/json');
  }
  const res = await apiFetch(routePath(route, input as { params?: object; query?: object }), init);
  await throwIfResNotOk(res);
  return res;
}

export async function call<R extends RouteDef>(
  route: R,
  input: CallInput<R>,
  options: CallOptions = {},
): Promise<CallResult<R['response']>> {
  const res = await request(route, input, options);
  return (await answerOf(route.response, res)) as CallResult<R['response']>;
}

/** `call` for a signed-in route whose answer is null when the caller turns out to be signed out (401). */
export async function callIfSignedIn<R extends RouteDef>(
  route: R,
  input: CallInput<R>,
): Promise<CallResult<R['response']> | null> {
  try {
    return await call(route, input);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

async function answerOf(contract: ResponseContract, res: Response): Promise<unknown> {
  if (contract === 'empty') return undefined;
  if (typeof contract === 'string') return res;
  return z.parse(contract, await res.json());
}
