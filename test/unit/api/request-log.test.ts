/** One structured log line per request, from the shared handler wrapper (Powertools Logger). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '#lambdas/logging.ts';
import { originPolicy } from '#lambdas/http/origin-verify.ts';
import { json, withErrors } from '#lambdas/http/response.ts';
import { badRequest } from '#lambdas/http/errors.ts';
import { event } from './helpers.ts';

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
    vi.spyOn(logger, 'info').mockImplementation((() => {}) as never);
    vi.spyOn(logger, 'error').mockImplementation(((...args: unknown[]) => {
      errors.push(args);
    }) as never);
    const broken = withErrors(async () => {
      throw new Error('boom');
    }, open);
    const res = await broken(event({}));
    expect(res.statusCode).toBe(500);
    expect(JSON.stringify(errors)).toContain('boom');
  });
});
