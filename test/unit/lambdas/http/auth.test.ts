/** The caller, from the verified ID token's claims only. */
import { describe, expect, it } from 'vitest';
import { callerFromClaims, callerOf } from '#lambdas/http/auth.ts';
import { event } from '#test/support/lambda-event.ts';

describe('callerFromClaims', () => {
  it('needs a subject', () => {
    expect(() => callerFromClaims(undefined)).toThrow(expect.objectContaining({ statusCode: 401 }));
    expect(() => callerFromClaims({ email: 'a@b.c', token_use: 'id' })).toThrow(
      expect.objectContaining({ statusCode: 401 }),
    );
  });
  it('accepts ID tokens only: an access token (no e-mail, no names) is refused, as is a token that says nothing', () => {
    const access = {
      sub: 'u1',
      token_use: 'access',
      client_id: 'web',
      username: 'alice',
      scope: 'aws.cognito.signin.user.admin',
    };
    expect(() => callerFromClaims(access)).toThrow(expect.objectContaining({ statusCode: 401 }));
    expect(() => callerFromClaims({ sub: 'u1', email: 'alice@example.com' })).toThrow(
      expect.objectContaining({ statusCode: 401 }),
    );
    expect(callerFromClaims({ sub: 'u1', token_use: 'id', email: 'alice@example.com' }).email).toBe(
      'alice@example.com',
    );
  });
  it('reads the Cognito claims', () => {
    const c = callerFromClaims({ sub: 'u1', token_use: 'id', 'cognito:username': 'alice', email: 'alice@example.com' });
    expect(c).toMatchObject({ userId: 'u1', cognitoUsername: 'alice', email: 'alice@example.com', federated: false });
  });
  it('treats an identities claim as a federated sign-in', () => {
    const id = { sub: 'u', token_use: 'id' };
    expect(callerFromClaims({ ...id, identities: '[{"providerName":"Google"}]' }).federated).toBe(true);
    expect(callerFromClaims({ ...id, identities: [] as unknown as string }).federated).toBe(true);
  });
  it('reads requestContext.authorizer.jwt.claims', () => {
    const e = event();
    (e.requestContext.authorizer.jwt.claims as Record<string, string>).sub = 'abc';
    expect(callerOf(e).userId).toBe('abc');
  });
});
