import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ProfilePatchSchema } from '#shared/schemas.ts';
import { header, jsonBody, rawBody } from '#lambdas/http/body.ts';
import { HttpError } from '#lambdas/http/errors.ts';
import { parseWith } from '#lambdas/http/validate.ts';
import { event } from '#test/support/lambda-event.ts';

describe('body helpers', () => {
  it('rawBody decodes base64 exactly', () => {
    const bytes = Buffer.from([0, 255, 1, 254, 10, 13]);
    expect(rawBody(event({ body: bytes.toString('base64'), isBase64Encoded: true })).equals(bytes)).toBe(true);
    expect(rawBody(event({ body: 'a{"x":1}', isBase64Encoded: false })).toString()).toBe('a{"x":1}');
    expect(rawBody(event({ body: undefined })).length).toBe(0);
  });
  it('header lookup is case-insensitive', () => {
    expect(header(event({ headers: { 'Stripe-Signature': 't=1' } }), 'stripe-signature')).toBe('t=1');
  });
  it('jsonBody: empty is {}, invalid is 400, a declared non-JSON type is 415', () => {
    expect(jsonBody(event({ body: '' }))).toEqual({});
    expect(
      jsonBody(event({ headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"a":1}' })),
    ).toEqual({ a: 1 });
    expect(() => jsonBody(event({ body: '{' }))).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(() => jsonBody(event({ headers: { 'content-type': 'text/plain' }, body: '{}' }))).toThrow(
      expect.objectContaining({ statusCode: 415 }),
    );
  });
  it('jsonBody never crashes (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.boolean(), (body, b64) => {
        try {
          jsonBody(event({ body, isBase64Encoded: b64 }));
        } catch (err) {
          expect(err).toBeInstanceOf(HttpError);
          expect((err as HttpError).statusCode).toBe(400);
        }
      }),
      { numRuns: 500 },
    );
  });
  it('parseWith maps zod issues to a 400 with a readable message', () => {
    expect(() => parseWith(ProfilePatchSchema, { username: '' })).toThrow(
      expect.objectContaining({ statusCode: 400, message: expect.stringContaining('username') }),
    );
    expect(() => parseWith(ProfilePatchSchema, {})).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'Nothing to update' }),
    );
    expect(() => parseWith(ProfilePatchSchema, { credits: 5 })).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(parseWith(ProfilePatchSchema, { bio: ' hi ' })).toEqual({ bio: 'hi' });
    expect(() => parseWith(z.object({ a: z.number() }), { a: 'x' })).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/^a: /) }),
    );
  });
  it("parseWith's messages are zod's English ones (zod/mini loads no locale by itself)", () => {
    const message = (body: unknown) => {
      try {
        parseWith(ProfilePatchSchema, body);
      } catch (err) {
        return (err as HttpError).message;
      }
      throw new Error(`${JSON.stringify(body)} passed`);
    };
    expect(message({ username: '' })).toBe(
      'username: Too small: expected string to have >=1 characters; username: Username may hold letters, digits, spaces, _ . -',
    );
    expect(message({ username: 'x'.repeat(41) })).toBe('username: Too big: expected string to have <=40 characters');
    expect(message({ firstName: 1 })).toBe('firstName: Invalid input: expected string, received number');
    expect(message({ credits: 1, bio: 'x' })).toBe('Unrecognized key: "credits"');
    expect(message(null)).toBe('Invalid input: expected object, received null');
  });
});
