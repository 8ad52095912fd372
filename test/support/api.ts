import type { StackInfo } from './stack-info.ts';

export interface ApiResponse<T = any> {
  status: number;
  json: T;
  text: string;
  headers: Headers;
}

/** Calls the local gateway; a plain object body is sent as JSON, FormData and Buffers as they are. */
export async function api<T = any>(
  stack: Pick<StackInfo, 'gatewayUrl'>,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: RequestInit['body'];
  if (init.body instanceof FormData || typeof init.body === 'string' || init.body instanceof Uint8Array) {
    body = init.body as RequestInit['body'];
  } else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${stack.gatewayUrl}${path}`, { method: init.method ?? 'GET', headers, body });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}
