/**
 * The one table that turns the domain's errors into responses (DOMAIN_ERROR_STATUS). The test holds no copy of it: it
 * checks that the table covers exactly the codes the domain declares, that each status is an error status, and that
 * every error, through `toErrorResponse` and through a route's `handle`, answers with the table's status and the
 * error's own message in the body the web app reads; anything else is a 500 that says nothing of its cause.
 */
import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import ts from 'typescript';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DomainError, photoRefused, type DomainErrorCode } from '#lambdas/domain/errors.ts';
import { API_MESSAGES } from '#lambdas/domain/messages.ts';
import { DOMAIN_ERROR_STATUS, HttpError, badRequest, payloadTooLarge } from '#lambdas/http/errors.ts';
import { handle } from '#lambdas/http/handle.ts';
import { originPolicy } from '#lambdas/http/origin-verify.ts';
import { toErrorResponse } from '#lambdas/http/response.ts';
import { logger } from '#lambdas/logging.ts';
import { ROUTE } from '#shared/routes.ts';
import { event } from '#test/support/lambda-event.ts';

afterEach(() => vi.restoreAllMocks());

/** The members of the `DomainErrorCode` union, read from the domain's own declaration. */
function declaredCodes(): string[] {
  const file = 'lambdas/domain/errors.ts';
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const alias = source.statements.find(
    (s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'DomainErrorCode',
  );
  if (!alias || !ts.isUnionTypeNode(alias.type)) throw new Error(`no DomainErrorCode union in ${file}`);
  return alias.type.types.map((member) => {
    if (!ts.isLiteralTypeNode(member) || !ts.isStringLiteral(member.literal)) throw new Error('not a string literal');
    return member.literal.text;
  });
}

/** An error body as the API answers it and as the web app reads it (web/src/lib/api.ts serverMessageOf). */
const ErrorBody = z.strictObject({ message: z.string().min(1), details: z.record(z.string(), z.unknown()).optional() });
const bodyOf = (res: { headers?: Record<string, unknown>; body?: string }) => {
  expect(res.headers?.['content-type']).toMatch(/^application\/json/);
  return ErrorBody.parse(JSON.parse(res.body ?? ''));
};

const codes = Object.keys(DOMAIN_ERROR_STATUS) as DomainErrorCode[];

describe('the domain error → status table', () => {
  it('has an entry for every code the domain declares, and none it does not', () => {
    const declared = declaredCodes();
    expect(declared.length).toBeGreaterThan(5);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...codes].sort()).toEqual([...declared].sort());
  });

  it('answers every code with a client or server error status HTTP names', () => {
    for (const code of codes) {
      const status = DOMAIN_ERROR_STATUS[code];
      expect(Number.isInteger(status) && status >= 400 && status <= 599, `${code}: ${status}`).toBe(true);
      expect(STATUS_CODES[status], `${code}: ${status}`).toBeDefined();
    }
  });
});

describe('toErrorResponse', () => {
  it("answers each domain error with the table's status and the error's own message, as a JSON error body", () => {
    for (const code of codes) {
      const message = `${code}: what went wrong, in the domain's words`;
      const res = toErrorResponse(new DomainError(code, message));
      expect(res.statusCode, code).toBe(DOMAIN_ERROR_STATUS[code]);
      expect(bodyOf(res), code).toEqual({ message });
    }
  });

  it("keeps an error's details: a refused photo's machine-readable reason and the photo it is about", () => {
    const res = toErrorResponse(photoRefused(API_MESSAGES.tooManyPixels, 'too_many_pixels', 'crown'));
    expect(res.statusCode).toBe(DOMAIN_ERROR_STATUS['photo-refused']);
    expect(bodyOf(res)).toEqual({
      message: API_MESSAGES.tooManyPixels,
      details: { code: 'too_many_pixels', photo: 'crown' },
    });
  });

  it("answers the http layer's own errors with the status they carry", () => {
    for (const error of [badRequest('Request body is not valid JSON'), payloadTooLarge('Too large')]) {
      const res = toErrorResponse(error);
      expect(res.statusCode).toBe(error.statusCode);
      expect(bodyOf(res)).toEqual({ message: error.message });
    }
    expect(toErrorResponse(new HttpError(418, 'short and stout')).statusCode).toBe(418);
  });

  it('answers anything else with a 500 that says nothing of its cause, and logs the cause', () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const secret = 'connect ECONNREFUSED 10.0.0.7:8000 (table hairline-users-prod)';
    for (const thrown of [new Error(secret), new TypeError(secret), secret, { message: secret }, undefined]) {
      const res = toErrorResponse(thrown);
      expect(res.statusCode).toBe(500);
      expect(bodyOf(res)).toEqual({ message: 'Internal server error' });
      expect(res.body).not.toContain('ECONNREFUSED');
    }
    expect(logged).toHaveBeenCalledTimes(5);
    expect(JSON.stringify(logged.mock.calls[0])).toContain('ECONNREFUSED');
  });
});

describe('a route answers a domain error through the table', () => {
  const open = originPolicy({});

  it('GET /api/packages whose function throws: the status of its code, its message, for every code', async () => {
    for (const code of codes) {
      const message = `${code} from the domain`;
      const route = handle(ROUTE.packages, {}, async () => Promise.reject(new DomainError(code, message)), open);
      const res = await route(event({ rawPath: ROUTE.packages.path }));
      expect(res.statusCode, code).toBe(DOMAIN_ERROR_STATUS[code]);
      expect(bodyOf(res), code).toEqual({ message });
    }
  });

  it('an unexpected failure of the function is a 500 without its message', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    const route = handle(ROUTE.packages, {}, async () => Promise.reject(new Error('stripe key sk_live_x')), open);
    const res = await route(event({ rawPath: ROUTE.packages.path }));
    expect(res.statusCode).toBe(500);
    expect(bodyOf(res)).toEqual({ message: 'Internal server error' });
  });
});
