/** The shared handler wrapper lets in only requests that carry CloudFront's secret origin header. */
import { describe, expect, it } from 'vitest';
import { fromTrustedOrigin, originPolicy } from '#lambdas/http/origin-verify.ts';
import { json, withErrors } from '#lambdas/http/response.ts';
import { event } from '#test/support/lambda-event.ts';

describe('origin verification', () => {
  const inLambda = {
    AWS_LAMBDA_FUNCTION_NAME: 'HairlineRater-dev-GetMeFunction',
    ORIGIN_VERIFY_SECRET: 's3cret-from-secrets-manager',
  };
  const handler = withErrors(async () => json(200, { ok: true }), originPolicy(inLambda));

  it('403 without the header or with a wrong one; the handler body never runs', async () => {
    let ran = false;
    const guarded = withErrors(async () => {
      ran = true;
      return json(200, {});
    }, originPolicy(inLambda));
    for (const headers of [
      {} as Record<string, string>,
      { 'x-origin-verify': 'guess' },
      { 'x-origin-verify': '' },
      { 'x-origin-verify': 's3cret-from-secrets-manager ' },
    ]) {
      const res = await guarded(event({ headers }));
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(res.body!)).toEqual({ message: 'Forbidden' });
    }
    expect(ran).toBe(false);
  });

  it('passes with the secret (header names are case-insensitive, as API Gateway lower-cases them)', async () => {
    expect((await handler(event({ headers: { 'x-origin-verify': 's3cret-from-secrets-manager' } }))).statusCode).toBe(
      200,
    );
    expect((await handler(event({ headers: { 'X-Origin-Verify': 's3cret-from-secrets-manager' } }))).statusCode).toBe(
      200,
    );
  });

  it('a Lambda without its secret refuses everything; outside Lambda (tests, tools) without a secret nothing is checked', () => {
    const closed = originPolicy({ AWS_LAMBDA_FUNCTION_NAME: 'fn' });
    expect(closed.kind).toBe('closed');
    expect(fromTrustedOrigin(event({ headers: { 'x-origin-verify': 'anything' } }), closed)).toBe(false);
    const open = originPolicy({});
    expect(fromTrustedOrigin(event(), open)).toBe(true);
  });
});
