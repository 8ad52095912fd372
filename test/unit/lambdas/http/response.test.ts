/** One structured log line per request, from the shared handler wrapper (Powertools Logger). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logEntry, logger } from '#lambdas/logging.ts';
import { originPolicy } from '#lambdas/http/origin-verify.ts';
import { json, withErrors } from '#lambdas/http/response.ts';
import { badRequest } from '#lambdas/http/errors.ts';
import { event } from '#test/support/lambda-event.ts';

afterEach(() => vi.restoreAllMocks());

describe('request log line', () => {
  const open = originPolicy({});

  it('logs request id, route, status, latency and cold start once per request, errors included', async () => {
    const lines: [string, Record<string, unknown>][] = [];
    vi.spyOn(logger, 'info').mockImplementation(((message: string, fields: Record<string, unknown>) => {
      lines.push([message, fields]);
    }) as never);
    const ok = withErrors(async () => json(200, { ok: true }), open);
    const refused = withErrors(async () => {
      throw badRequest('No photo');
    }, open);
    await ok(event({ routeKey: 'GET /api/packages', requestContext: { requestId: 'req-1' } } as never));
    await refused(event({ routeKey: 'POST /api/upload', requestContext: { requestId: 'req-2' } } as never));
    expect(lines.map(([m]) => m)).toEqual(['request', 'request']);
    expect(lines[0]![1]).toMatchObject({
      requestId: 'req-1',
      route: 'GET /api/packages',
      status: 200,
      coldStart: expect.any(Boolean),
    });
    expect(lines[1]![1]).toMatchObject({
      requestId: 'req-2',
      route: 'POST /api/upload',
      status: 400,
      coldStart: false,
    });
    expect(lines[1]![1].latencyMs).toEqual(expect.any(Number));
  });

  it('an unexpected error is logged with its stack and answered 500', async () => {
    const errors: unknown[] = [];
    vi.spyOn(logger, 'info').mockImplementation(() => {});
    vi.spyOn(logger, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args);
    });
    const broken = withErrors(async () => {
      throw new Error('boom');
    }, open);
    const res = await broken(event({}));
    expect(res.statusCode).toBe(500);
    expect(JSON.stringify(errors)).toContain('boom');
  });

  it("every line a request writes carries its id, the domain's too, and the next request starts without it", async () => {
    // what the logger prints, before it reaches the console
    const lines: Record<string, unknown>[] = [];
    const printer = logger as unknown as { printLog(level: number, item: { getAttributes(): object }): void };
    vi.spyOn(printer, 'printLog').mockImplementation((_level, item) => {
      lines.push(item.getAttributes() as Record<string, unknown>);
    });
    const domainLine = withErrors(async () => {
      logEntry({ level: 'WARN', message: 'a domain line' });
      return json(200, {});
    }, open);
    await domainLine(event({ requestContext: { requestId: 'req-7' } } as never));
    logger.warn('between requests');
    expect(lines.find((l) => l.message === 'a domain line')).toMatchObject({ requestId: 'req-7' });
    expect(lines.find((l) => l.message === 'between requests')).not.toHaveProperty('requestId');
  });
});
