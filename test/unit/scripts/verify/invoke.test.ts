/** The local invoker (scripts/verify/invoke.ts) and the API Gateway v2 event fixtures it feeds to handlers. */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { addPhotoBody, findRouteByName, formatResult, InvokeError, resignStripeEvent } from '#scripts/verify/invoke.ts';
import { parseMultipart } from '#lambdas/http/multipart.ts';
import { matchRoutePath, ROUTES, type RouteDef } from '#shared/routes.ts';
import { tempDirs } from '#test/support/temp-dirs.ts';

const tempDir = tempDirs('invoke-');

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);
const fixture = (name: string) => JSON.parse(readFileSync(path.join(ROOT, 'test/events', `${name}.json`), 'utf8'));

function invoke(args: string[], env: Record<string, string>) {
  return run(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'scripts/verify/invoke.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
}

describe('event fixtures', () => {
  it.each((ROUTES as readonly RouteDef[]).map((r) => [r.name, r] as const))(
    '%s: payload format 2.0 for its route',
    (_, route) => {
      const event = fixture(route.name);
      expect(event.version).toBe('2.0');
      expect(event.routeKey).toBe(`${route.method} ${route.path}`);
      expect(event.requestContext.routeKey).toBe(event.routeKey);
      expect(event.requestContext.http.method).toBe(route.method);
      expect(event.requestContext.http.path).toBe(event.rawPath);
      expect(event.requestContext.http.sourceIp).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(matchRoutePath(route.path, event.rawPath)).toEqual(event.pathParameters ?? {});
      expect(typeof event.rawQueryString).toBe('string');
      expect(typeof event.isBase64Encoded).toBe('boolean');
      const claims = event.requestContext.authorizer?.jwt?.claims;
      if (route.auth) {
        expect(claims).toMatchObject({
          sub: expect.any(String),
          token_use: 'id',
          iss: expect.stringMatching(/^https:\/\/cognito-idp\./),
        });
        expect(event.headers.authorization).toMatch(/^Bearer /);
      } else {
        expect(event.requestContext.authorizer).toBeUndefined();
      }
      if (route.method === 'POST' || route.method === 'PATCH') expect(typeof event.body).toBe('string');
    },
  );
});

describe('invoker', () => {
  it('finds routes by name and lists them when the name is unknown', () => {
    expect(findRouteByName('getRating').path).toBe('/api/ratings/{id}');
    expect(() => findRouteByName('nope')).toThrow(InvokeError);
    expect(() => findRouteByName('nope')).toThrow(/packages, analyzeHairline/);
  });

  it('prints statusCode first and shows a JSON body parsed', () => {
    const text = formatResult(
      { headers: { 'content-type': 'application/json' }, body: '{"a":1}', statusCode: 201 },
      false,
    );
    expect(text.startsWith('{\n  "statusCode": 201')).toBe(true);
    expect(JSON.parse(text).body).toEqual({ a: 1 });
    expect(
      JSON.parse(
        formatResult({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{"a":1}' }, true),
      ).body,
    ).toBe('{"a":1}');
  });

  it('re-signs the webhook fixture so that Stripe verification accepts it', () => {
    const event = fixture('stripeWebhook');
    const secret = 'whsec_local_stack_secret';
    resignStripeEvent(event, secret);
    const stripe = new Stripe('sk_test_offline');
    const verified = stripe.webhooks.constructEvent(event.body, event.headers['stripe-signature'], secret);
    expect(verified.type).toBe('checkout.session.completed');
  });

  it('runs the packages handler: status 200 with two packs', async () => {
    const dir = tempDir();
    const stackFile = path.join(dir, 'stack.json');
    writeFileSync(stackFile, JSON.stringify({ env: { USERS_TABLE: 'users' }, ports: {} }));
    const { stdout } = await invoke(['packages', 'test/events/packages.json'], { LOCAL_STACK_FILE: stackFile });
    expect(stdout.startsWith('{\n  "statusCode": 200')).toBe(true);
    const result = JSON.parse(stdout);
    expect(result.statusCode).toBe(200);
    expect(result.body.map((p: { id: string }) => p.id)).toEqual(['10-ratings', '50-ratings']);
  }, 60_000);

  it('without a local stack: one clear line and a failing exit code', async () => {
    const missing = path.join(tmpdir(), 'no-such-dir', 'stack.json');
    const failure = await invoke(['packages'], { LOCAL_STACK_FILE: missing }).catch((e) => e);
    expect(failure.code).toBe(1);
    expect(failure.stderr.trim()).toBe('start the local stack first: npm start');
  }, 60_000);
});

describe('a photo in an event', () => {
  it("is the multipart form the upload and analyze handlers read: one 'image' file, base64 encoded", async () => {
    const photo = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3, 0x0d, 0x0a]);
    const event: Record<string, any> = { headers: { origin: 'x' }, body: '' };
    addPhotoBody(event, photo, 'me.jpg');
    expect(event.isBase64Encoded).toBe(true);
    expect(event.headers.origin).toBe('x');
    const body = Buffer.from(event.body, 'base64');
    expect(event.headers['content-length']).toBe(String(body.length));
    const form = await parseMultipart(body, event.headers['content-type']);
    expect(form.files).toHaveLength(1);
    expect(form.files[0]).toMatchObject({ field: 'image', filename: 'me.jpg', mimeType: 'image/jpeg' });
    expect(new Uint8Array(form.files[0]!.data)).toEqual(photo);
  });
});
