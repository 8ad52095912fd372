import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, getQueryFn, serverMessageOf, throwIfResNotOk } from '#web/lib/api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetch helper errors', () => {
  it("throws 'status code: body'", async () => {
    const res = new Response('{"message":"Not enough credits. Please purchase credits to continue."}', {
      status: 402,
      statusText: 'Payment Required',
    });
    const error = (await throwIfResNotOk(res).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('402: {"message":"Not enough credits. Please purchase credits to continue."}');
    expect(error.status).toBe(402);
    expect(error.serverMessage).toBe('Not enough credits. Please purchase credits to continue.');
  });

  it('uses the status text when the body is empty', async () => {
    const res = new Response('', { status: 503, statusText: 'Service Unavailable' });
    await expect(throwIfResNotOk(res)).rejects.toThrow('503: Service Unavailable');
  });

  it('passes successful responses', async () => {
    await expect(throwIfResNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });

  it('reads the message of a JSON body, else the text', () => {
    expect(serverMessageOf('{"message":"bad photo"}', 'x')).toBe('bad photo');
    expect(serverMessageOf('plain text', 'x')).toBe('plain text');
    expect(serverMessageOf('', 'Bad Gateway')).toBe('Bad Gateway');
  });
});

describe('getQueryFn', () => {
  const stubFetch = (res: () => Response) => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => res());
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it('GETs the path in the query key, with credentials', async () => {
    const fetchMock = stubFetch(() => new Response('[1,2]', { status: 200 }));
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/packages'] })).resolves.toEqual([1, 2]);
    const apiCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/packages'))!;
    expect(apiCall[1]?.credentials).toBe('same-origin');
  });

  it('returns null on 401 when asked to', async () => {
    stubFetch(() => new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/me'] })).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/me'] })).rejects.toThrow(
      '401: {"message":"Unauthorized"}',
    );
  });
});

describe('apiUrl', () => {
  it('joins the runtime apiBase without doubling /api', async () => {
    const { apiUrl } = await import('#web/lib/api.ts');
    expect(apiUrl('', '/api/me')).toBe('/api/me');
    expect(apiUrl('/api', '/api/me')).toBe('/api/me');
    expect(apiUrl('/api/', '/api/me')).toBe('/api/me');
    expect(apiUrl('https://x.example/api', '/api/ratings/1')).toBe('https://x.example/api/ratings/1');
    expect(apiUrl('https://x.example', '/api/me')).toBe('https://x.example/api/me');
  });
});
