import { apiBase } from './runtime-config.ts';

/** A non-success response. `message` follows the spec ('status code: body'); `serverMessage` is the body's own text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly serverMessage: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }
}

/** The `{ message }` of a JSON error body, else the body itself, else the status text. */
export function serverMessageOf(body: string, statusText: string): string {
  if (!body) return statusText;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
      return (parsed as { message: string }).message;
    }
  } catch {
    /* not JSON: use the text */
  }
  return body;
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new ApiError(res.status, text, serverMessageOf(text, res.statusText));
}

type TokenProvider = () => Promise<string | null>;
let tokenProvider: TokenProvider = async () => null;

/** Amplify is loaded after first paint; it registers the ID-token source here when ready. */
export function setTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

/**
 * Paths in the app are written as '/api/...'. The runtime config's apiBase may be the API root itself
 * ('/api', 'https://host/api') or just an origin ('' or 'https://host'); both join without doubling '/api'.
 */
export function apiUrl(base: string, path: string): string {
  const root = base.replace(/\/+$/, '');
  if (/\/api$/.test(root) && path.startsWith('/api/')) return root + path.slice('/api'.length);
  return root + path;
}

export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const [base, token] = await Promise.all([apiBase(), tokenProvider().catch(() => null)]);
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  return fetch(apiUrl(base, path), { credentials: 'same-origin', ...init, headers });
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Queries GET the path in their key (joined), as the spec's generic fetcher does. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const res = await apiFetch(String(queryKey[0]));
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}
