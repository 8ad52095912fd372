/** The local gateway's per-route concurrency limits, its integration timeout and the origin header it adds. */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGateway } from '#infra/local/gateway.ts';
import { createLimiter } from '#infra/local/concurrency.ts';
import type { ApiHandler } from '#lambdas/http/types.ts';
import type { RouteDef } from '#shared/routes.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('createLimiter', () => {
  it('runs at most `limit` at once and hands slots out in arrival order', async () => {
    const limiter = createLimiter(2);
    const order: number[] = [];
    const releases = await Promise.all([limiter.acquire(), limiter.acquire()]);
    const waiting = [3, 4, 5].map((n) =>
      limiter.acquire().then((release) => {
        order.push(n);
        return release;
      }),
    );
    await sleep(5);
    expect(limiter.active).toBe(2);
    expect(limiter.queued).toBe(3);
    releases[0]();
    releases[0](); // a second release of the same slot frees nothing more
    await sleep(5);
    expect(order).toEqual([3]);
    expect(limiter.active).toBe(2);
    releases[1]();
    (await waiting[0]!)();
    await Promise.all(waiting);
    expect(order).toEqual([3, 4, 5]);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => createLimiter(0)).toThrow();
    expect(() => createLimiter(1.5)).toThrow();
  });
});

describe('gateway limits', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  async function start(handler: ApiHandler, timeoutMs = 5_000) {
    const gateway = createGateway({
      port: 0,
      root: '.',
      issuer: 'http://127.0.0.1:9/none',
      clientId: 'none',
      originSecret: 'local-origin-secret',
      log: () => {},
      loadHandler: async () => handler,
      timeoutMs: (route: RouteDef) => (route.name === 'upload' ? timeoutMs : 5_000),
    });
    await gateway.listen();
    close = gateway.close;
    const { port } = gateway.server.address() as AddressInfo;
    return (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}${path}`, init);
  }

  it('queues a burst on a limited route (upload: 2 at once): every request is served, none times out', async () => {
    let running = 0;
    let most = 0;
    const call = await start(async () => {
      most = Math.max(most, ++running);
      await sleep(60);
      running--;
      return { statusCode: 201, body: '{}' };
    });
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => call('/api/upload', { method: 'POST', body: 'x' }).then((r) => r.status)),
    );
    expect(statuses).toEqual(Array(8).fill(201));
    expect(most).toBe(2);
  });

  it('answers the integration timeout as 503 JSON and frees the slot', async () => {
    let calls = 0;
    const call = await start(async () => {
      calls++;
      if (calls <= 2) await sleep(300);
      return { statusCode: 201, body: '{}' };
    }, 100);
    const [a, b] = await Promise.all([
      call('/api/upload', { method: 'POST', body: 'x' }),
      call('/api/upload', { method: 'POST', body: 'x' }),
    ]);
    expect([a.status, b.status]).toEqual([503, 503]);
    expect(await a.json()).toEqual({ message: 'Service Unavailable' });
    expect((await call('/api/upload', { method: 'POST', body: 'x' })).status).toBe(201);
  });

  it('adds the origin secret header to every event, replacing one sent by the client', async () => {
    const call = await start(async (event) => ({
      statusCode: 200,
      body: JSON.stringify({ seen: event.headers['x-origin-verify'] }),
    }));
    expect(await (await call('/api/packages')).json()).toEqual({ seen: 'local-origin-secret' });
    expect(await (await call('/api/packages', { headers: { 'x-origin-verify': 'forged' } })).json()).toEqual({
      seen: 'local-origin-secret',
    });
  });
});
