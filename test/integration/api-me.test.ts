import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, inject, it } from 'vitest';
import { decodeJwt, importJWK, SignJWT } from 'jose';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { UserProfileSchema } from '#shared/schemas.ts';
import { api } from '../support/api.ts';
import { createUser, documentClient, setCredits, signIn } from '../support/users.ts';
import { userItem } from './api-support.ts';
import { ratingsOf, stackDb, standInAnalysis, tinyJpeg } from '../support/domain.ts';
import { fulfil } from '#lambdas/domain/fulfil.ts';
import { analyzeForUser, type Analyze } from '#lambdas/domain/analyze.ts';
import { callerOf } from '#lambdas/http/auth.ts';
import { markDeleted } from '#lambdas/domain/users.ts';
import { shareRating } from '#lambdas/domain/shares.ts';
import { HOURLY_LIMITS, countUserCall } from '#lambdas/domain/user-limits.ts';
import { hairlineAgeFigures, moreHairThanPercent } from '#shared/hairline-age.ts';

const stack = inject('stack');

describe('GET /api/me', () => {
  it('creates the profile on first sight from the token (credits 0, username, e-mail)', async () => {
    const user = await createUser(stack, 'me');
    const res = await api(stack, '/api/me', { token: user.idToken });
    expect(res.status).toBe(200);
    const profile = UserProfileSchema.parse(res.json);
    expect(profile).toMatchObject({
      id: user.sub,
      username: user.username,
      email: user.email,
      credits: 0,
      firstName: null,
      lastName: null,
      bio: null,
      profileImageUrl: null,
      stripeCustomerId: null,
    });
    expect(new Date(profile.createdAt).toISOString()).toBe(profile.createdAt);
    expect(res.json).not.toHaveProperty('processedSessions');
  });

  it('creates the profile once under concurrent first requests', async () => {
    const user = await createUser(stack, 'race');
    const all = await Promise.all(Array.from({ length: 10 }, () => api(stack, '/api/me', { token: user.idToken })));
    expect(all.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(all.map((r) => r.json.createdAt)).size).toBe(1);
  });

  it('refuses an access token (no e-mail claim there): 401, and no profile is made from it', async () => {
    const user = await createUser(stack, 'access');
    const res = await api(stack, '/api/me', { token: user.accessToken });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthorized' });
    expect(await userItem(stack, user.sub)).toBeUndefined();
    // the ID token makes the profile, with the e-mail
    const me = await api(stack, '/api/me', { token: user.idToken });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: user.sub, username: user.username, email: user.email, credits: 0 });
  });

  it('rejects an expired token signed with the real local issuer key (401 from the gateway)', async () => {
    const user = await createUser(stack, 'expired');
    const require = createRequire(import.meta.url);
    const { jwk } = JSON.parse(
      readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8'),
    );
    const key = await importJWK(jwk, 'RS256');
    const claims = decodeJwt(user.idToken);
    const now = Math.floor(Date.now() / 1000);
    const sign = (exp: number) =>
      new SignJWT({ ...claims, iat: now - 7200, exp })
        .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
        .sign(key);
    // the same key and claims with a live expiry pass: the only difference below is the expiry
    expect((await api(stack, '/api/me', { token: await sign(now + 600) })).status).toBe(200);
    const res = await api(stack, '/api/me', { token: await sign(now - 60) });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthorized' });
  });

  it('needs a token', async () => {
    for (const [method, path] of [
      ['GET', '/api/me'],
      ['PATCH', '/api/me'],
      ['DELETE', '/api/me'],
      ['GET', '/api/ratings'],
      ['GET', '/api/ratings/x'],
      ['POST', '/api/analyze-hairline'],
      ['POST', '/api/create-checkout-session'],
      ['GET', '/api/verify-checkout-session?session_id=x'],
    ] as const) {
      const res = await api(stack, path, { method });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('PATCH /api/me', () => {
  it('merges the given fields and sets updatedAt', async () => {
    const user = await createUser(stack, 'patch');
    const before = (await api(stack, '/api/me', { token: user.idToken })).json;
    await new Promise((r) => setTimeout(r, 5));
    const res = await api(stack, '/api/me', {
      method: 'PATCH',
      token: user.idToken,
      body: { firstName: ' Ana ', lastName: 'Maria Lopez', bio: 'hi' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      firstName: 'Ana',
      lastName: 'Maria Lopez',
      bio: 'hi',
      username: user.username,
      credits: 0,
      createdAt: before.createdAt,
    });
    expect(res.json.updatedAt > before.updatedAt).toBe(true);
    const again = await api(stack, '/api/me', {
      method: 'PATCH',
      token: user.idToken,
      body: { username: 'New Name', bio: null },
    });
    expect(again.json).toMatchObject({ username: 'New Name', bio: null, firstName: 'Ana' });
    expect((await api(stack, '/api/me', { token: user.idToken })).json).toMatchObject({
      username: 'New Name',
      lastName: 'Maria Lopez',
    });
  });

  it('answers 400 with the validation message and changes nothing', async () => {
    const user = await createUser(stack, 'badpatch');
    await api(stack, '/api/me', { token: user.idToken });
    const cases: [unknown, RegExp][] = [
      [{ username: '' }, /username/],
      [{ username: 'a<script>' }, /Username may hold letters, digits, spaces/],
      [{ credits: 1000 }, /credits|Unrecognized/i],
      [{}, /Nothing to update/],
      [{ bio: 'x'.repeat(501) }, /bio/],
    ];
    for (const [body, message] of cases) {
      const res = await api(stack, '/api/me', { method: 'PATCH', token: user.idToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    const notJson = await api(stack, '/api/me', {
      method: 'PATCH',
      token: user.idToken,
      body: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    const item = await userItem(stack, user.sub);
    expect(item).toMatchObject({ credits: 0, username: user.username, bio: null });
  });
});

describe('PATCH /api/me: birth year', () => {
  it('stores an optional birth year, 18 to 110 years back; null clears it; the export includes it', async () => {
    const user = await createUser(stack, 'born');
    expect((await api(stack, '/api/me', { token: user.idToken })).json.birthYear).toBeNull();
    const year = new Date().getUTCFullYear();
    const set = await api(stack, '/api/me', { method: 'PATCH', token: user.idToken, body: { birthYear: year - 18 } });
    expect(set.status).toBe(200);
    expect(set.json.birthYear).toBe(year - 18);
    const patch = (birthYear: number | null) =>
      api(stack, '/api/me', { method: 'PATCH', token: user.idToken, body: { birthYear } });
    const oldest = await patch(year - 110);
    expect(oldest.json.birthYear).toBe(year - 110);
    const exported = await api(stack, '/api/me/export', { token: user.idToken });
    expect(exported.json.profile.birthYear).toBe(year - 110);
    const cleared = await api(stack, '/api/me', { method: 'PATCH', token: user.idToken, body: { birthYear: null } });
    expect(cleared.json.birthYear).toBeNull();
    expect((await userItem(stack, user.sub))?.birthYear).toBeNull();
  });

  it('refuses a birth year under 18 or over 110 years back, a fraction or a string, and changes nothing', async () => {
    const user = await createUser(stack, 'badborn');
    const year = new Date().getUTCFullYear();
    await api(stack, '/api/me', { method: 'PATCH', token: user.idToken, body: { birthYear: 1990 } });
    for (const birthYear of [year - 17, year, year - 111, 1990.5, '1990', 0]) {
      const res = await api(stack, '/api/me', { method: 'PATCH', token: user.idToken, body: { birthYear } });
      expect(res.status, String(birthYear)).toBe(400);
      expect(res.json.message).toMatch(/birthYear/);
    }
    const res = await api(stack, '/api/me', { method: 'PATCH', token: user.idToken, body: { birthYear: year - 5 } });
    const rule = `Birth year must be a whole year from ${year - 110} to ${year - 18} (you must be 18 or older)`;
    expect(res.json.message).toContain(rule);
    expect((await userItem(stack, user.sub))?.birthYear).toBe(1990);
  });

  it('an analysis with a birth year places the hairline among men of that age; never without one', async () => {
    const user = await createUser(stack, 'agepeer');
    await api(stack, '/api/me', { token: user.idToken });
    const db = stackDb(stack);
    await setCredits(stack, user.sub, 2);
    const caller = callerOf({ requestContext: { authorizer: { jwt: { claims: decodeJwt(user.idToken) } } } } as never);
    const analyze: Analyze = async ({ face }) => ({ ...standInAnalysis(face), ageComparison: hairlineAgeFigures(3) });
    const without = await analyzeForUser({ db, analyze }, caller, { kind: 'image', bytes: await tinyJpeg() });
    expect(without.ageComparison).toEqual(hairlineAgeFigures(3));
    const year = new Date().getUTCFullYear();
    await api(stack, '/api/me', { method: 'PATCH', token: user.idToken, body: { birthYear: year - 40 } });
    const withAge = await analyzeForUser({ db, analyze }, caller, { kind: 'image', bytes: await tinyJpeg() });
    expect(withAge.ageComparison).toMatchObject({
      typicalAge: hairlineAgeFigures(3).typicalAge,
      ownAge: 40,
      moreHairThanPercent: moreHairThanPercent(3, 40),
    });
    const stored = await api(stack, `/api/ratings/${withAge.id}`, { token: user.idToken });
    expect(stored.json.ageComparison).toEqual(withAge.ageComparison);
  });
});

describe('DELETE /api/me', () => {
  it('deletes ratings, profile and the Cognito user; a second call is still 204', async () => {
    const user = await createUser(stack, 'leaver');
    await api(stack, '/api/me', { token: user.idToken });
    const doc = documentClient(stack);
    for (let i = 0; i < 30; i++) {
      await doc.send(
        new PutCommand({
          TableName: stack.env.RATINGS_TABLE,
          Item: { id: `del-${user.sub}-${i}`, userId: user.sub, createdAt: new Date(Date.now() + i).toISOString() },
        }),
      );
    }
    const res = await api(stack, '/api/me', { method: 'DELETE', token: user.idToken });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    // only a tombstone stays: the user id and the time, no personal data
    const tombstone = await userItem(stack, user.sub);
    expect(Object.keys(tombstone ?? {}).sort()).toEqual(['deletedAt', 'userId']);
    expect(await ratingsOf(stack, user.sub)).toBe(0);
    await expect(signIn(stack, user.username, user.password)).rejects.toThrow();
    // the token itself stays valid until it expires: deleting again is idempotent
    expect((await api(stack, '/api/me', { method: 'DELETE', token: user.idToken })).status).toBe(204);
  });

  it('a deleted account does not come back: an old token gets 401 and recreates nothing; a payment that arrives later credits nothing', async () => {
    const user = await createUser(stack, 'gone');
    await api(stack, '/api/me', { token: user.idToken });
    expect((await api(stack, '/api/me', { method: 'DELETE', token: user.idToken })).status).toBe(204);
    for (const [method, path] of [
      ['GET', '/api/me'],
      ['PATCH', '/api/me'],
      ['GET', '/api/me/export'],
      ['POST', '/api/create-checkout-session'],
    ] as const) {
      const res = await api(stack, path, {
        method,
        token: user.idToken,
        ...(method === 'PATCH'
          ? { body: { bio: 'back' } }
          : method === 'POST'
            ? { body: { packageId: '10-ratings' } }
            : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json).toEqual({ message: 'This account has been deleted.' });
    }
    const paid = await fulfil(
      { db: stackDb(stack), log: () => {} },
      {
        sessionId: `cs_test_late_${user.sub}`,
        userId: user.sub,
        metadata: { numCredits: '10', packageId: '10-ratings' },
        amountTotal: 399,
        currency: 'usd',
        email: user.email,
      },
    );
    expect(paid).toMatchObject({ kind: 'account-deleted', credited: false });
    expect(Object.keys((await userItem(stack, user.sub)) ?? {}).sort()).toEqual(['deletedAt', 'userId']);
  });

  it('forgets the Stripe customer; a checkout paid after the deletion is refunded through Stripe, never credited', async () => {
    const user = await createUser(stack, 'payer');
    await api(stack, '/api/me', { token: user.idToken });
    const created = await api(stack, '/api/create-checkout-session', {
      method: 'POST',
      token: user.idToken,
      body: { packageId: '10-ratings' },
    });
    expect(created.status).toBe(200);
    const customerId = (await userItem(stack, user.sub))?.stripeCustomerId as string;
    expect(customerId).toMatch(/^cus_/);
    const stripe = (path: string, method = 'GET') =>
      fetch(`${stack.stripeUrl}${path}`, { method, headers: { authorization: 'Bearer sk_test_local' } });
    expect((await stripe(`/v1/customers/${customerId}`)).status).toBe(200);
    expect((await api(stack, '/api/me', { method: 'DELETE', token: user.idToken })).status).toBe(204);
    expect((await stripe(`/v1/customers/${customerId}`)).status).toBe(404);
    // the checkout page was still open in another tab: paying it now must not bring the account back
    const paid = await stripe(`/__emulator/sessions/${created.json.sessionId}/complete`, 'POST');
    expect(paid.headers.get('emulator-webhook-status')).toBe('200');
    const session: any = await (await stripe(`/v1/checkout/sessions/${created.json.sessionId}`)).json();
    const refunds: any = await (await stripe(`/v1/refunds?payment_intent=${session.payment_intent}`)).json();
    expect(refunds.data).toHaveLength(1);
    expect(refunds.data[0]).toMatchObject({ payment_intent: session.payment_intent, amount: 399, status: 'succeeded' });
    // the tombstone holds the refund (so later deliveries do not refund again), nothing personal
    expect(Object.keys((await userItem(stack, user.sub)) ?? {}).sort()).toEqual([
      'deletedAt',
      'refundedSessions',
      'refunds',
      'userId',
    ]);
  });

  it('deletion racing a share: once the account is marked, no share link can be made for its ratings', async () => {
    const user = await createUser(stack, 'sharer');
    await api(stack, '/api/me', { token: user.idToken });
    const db = stackDb(stack);
    const ratingId = `race-${user.sub}`;
    await documentClient(stack).send(
      new PutCommand({
        TableName: stack.env.RATINGS_TABLE,
        Item: { id: ratingId, userId: user.sub, createdAt: new Date().toISOString(), score: 70 },
      }),
    );
    await markDeleted({ db }, user.sub);
    await expect(
      shareRating({ db, siteUrl: 'http://site' } as never, user.sub, ratingId, { anonymous: true }),
    ).rejects.toMatchObject({ code: 'account-deleted' });
    const shares = await documentClient(stack).send(
      new ScanCommand({
        TableName: stack.env.SHARES_TABLE,
        FilterExpression: 'userId = :u',
        ExpressionAttributeValues: { ':u': user.sub },
      }),
    );
    expect(shares.Count).toBe(0);
    expect((await api(stack, '/api/me', { method: 'DELETE', token: user.idToken })).status).toBe(204);
  });

  it('deletion racing an analysis: the analysis finishing after the mark stores no rating and brings nothing back', async () => {
    const user = await createUser(stack, 'racer');
    await api(stack, '/api/me', { token: user.idToken });
    const db = stackDb(stack);
    await setCredits(stack, user.sub, 1);
    const caller = callerOf({ requestContext: { authorizer: { jwt: { claims: decodeJwt(user.idToken) } } } } as never);
    let release!: () => void;
    const started = new Promise<void>((ok) => {
      release = ok;
    });
    let finish!: () => void;
    const slow: Analyze = async () => {
      release();
      await new Promise<void>((ok) => {
        finish = ok;
      });
      return standInAnalysis(await tinyJpeg());
    };
    const analysis = analyzeForUser({ db, analyze: slow }, caller, { kind: 'image', bytes: await tinyJpeg() });
    await started;
    expect((await api(stack, '/api/me', { method: 'DELETE', token: user.idToken })).status).toBe(204);
    finish();
    await expect(analysis).rejects.toBeDefined();
    expect(await ratingsOf(stack, user.sub)).toBe(0);
    expect(Object.keys((await userItem(stack, user.sub)) ?? {}).sort()).toEqual(['deletedAt', 'userId']);
  });
});

describe('per-user limits on the costly signed-in calls', () => {
  it('exports: 10 an hour, then 429 with a clear message; the next hour starts afresh', async () => {
    const user = await createUser(stack, 'exporter');
    await api(stack, '/api/me', { token: user.idToken });
    for (let i = 0; i < HOURLY_LIMITS.export; i++)
      expect((await api(stack, '/api/me/export', { token: user.idToken })).status).toBe(200);
    const over = await api(stack, '/api/me/export', { token: user.idToken });
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ message: 'Too many requests this hour. Please try again later.' });
    const nextHour = { now: () => new Date(Date.now() + 3_600_000) };
    await expect(countUserCall({ db: stackDb(stack), clock: nextHour }, user.sub, 'export')).resolves.toBeUndefined();
  });

  it('checkouts: above the hourly limit, 429 before Stripe is asked', async () => {
    const user = await createUser(stack, 'shopper');
    await api(stack, '/api/me', { token: user.idToken });
    const db = stackDb(stack);
    for (let i = 0; i < HOURLY_LIMITS.checkout; i++) await countUserCall({ db }, user.sub, 'checkout');
    const res = await api(stack, '/api/create-checkout-session', {
      method: 'POST',
      token: user.idToken,
      body: { packageId: '10-ratings' },
    });
    expect(res.status).toBe(429);
    expect((await userItem(stack, user.sub))?.stripeCustomerId ?? null).toBeNull();
  });
});
