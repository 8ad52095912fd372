/** The domain's typed errors and the one table that turns them into responses; the domain knows nothing of HTTP. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DomainError, photoRefused, type DomainErrorCode } from '#lambdas/domain/errors.ts';
import { API_MESSAGES } from '#lambdas/domain/messages.ts';
import { DOMAIN_ERROR_STATUS, badRequest } from '#lambdas/http/errors.ts';
import { toErrorResponse } from '#lambdas/http/response.ts';

const body = (res: { body?: string }) => JSON.parse(res.body ?? '{}') as unknown;

describe('domain errors → responses', () => {
  it("answers each code with the status the API documents, and the error's own message", () => {
    const expected: Record<DomainErrorCode, number> = {
      'invalid-input': 400,
      'account-deleted': 401,
      'insufficient-credits': 402,
      forbidden: 403,
      'not-found': 404,
      'reservation-lost': 409,
      'photo-refused': 422,
      'payment-unrecognised': 422,
      'analysis-in-flight': 429,
      'rate-limited': 429,
      'payment-provider-failed': 502,
      'analysis-unavailable': 503,
    };
    expect(DOMAIN_ERROR_STATUS).toEqual(expected);
    for (const [code, status] of Object.entries(expected)) {
      const res = toErrorResponse(new DomainError(code as DomainErrorCode, `msg ${code}`));
      expect(res.statusCode, code).toBe(status);
      expect(body(res)).toEqual({ message: `msg ${code}` });
    }
  });

  it('a refused photo keeps its machine-readable reason in details', () => {
    const res = toErrorResponse(photoRefused(API_MESSAGES.tooManyPixels, 'too_many_pixels'));
    expect(res.statusCode).toBe(422);
    expect(body(res)).toEqual({ message: API_MESSAGES.tooManyPixels, details: { code: 'too_many_pixels' } });
  });

  it("the http layer's own errors keep their status", () => {
    expect(toErrorResponse(badRequest('Request body is not valid JSON')).statusCode).toBe(400);
  });

  it('no file of lambdas/domain imports lambdas/http or lambdas/handlers', () => {
    const dir = join(import.meta.dirname, '../../../lambdas/domain');
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /from '\.\.\/(http|handlers)\//.test(readFileSync(join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
