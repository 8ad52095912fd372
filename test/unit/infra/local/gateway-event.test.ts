import { describe, expect, it } from 'vitest';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { buildEvent, isTextBody, stringifyClaims } from '#infra/local/gateway-event.ts';
import { ROUTES } from '#shared/routes.ts';

function request(headers: Record<string, string>) {
  const req = new IncomingMessage(new Socket());
  req.headers = headers;
  return req;
}

const webhook = ROUTES.find((r) => r.name === 'stripeWebhook')!;
const rating = ROUTES.find((r) => r.name === 'getRating')!;

describe('API Gateway v2 event', () => {
  it('passes a JSON body through as the exact raw text', () => {
    const raw = '{"id":"evt_1",  "type":"checkout.session.completed"}';
    const event = buildEvent({
      req: request({ 'content-type': 'application/json; charset=utf-8', 'stripe-signature': 't=1,v1=ab' }),
      url: new URL('http://h/api/stripe-webhook'),
      route: webhook,
      pathParameters: {},
      body: Buffer.from(raw),
    });
    expect(event.body).toBe(raw);
    expect(event.isBase64Encoded).toBe(false);
    expect(event.headers['stripe-signature']).toBe('t=1,v1=ab');
    expect(event.routeKey).toBe('POST /api/stripe-webhook');
  });

  it('base64-encodes multipart and binary bodies', () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x10]);
    const event = buildEvent({
      req: request({ 'content-type': 'multipart/form-data; boundary=x' }),
      url: new URL('http://h/api/stripe-webhook'),
      route: webhook,
      pathParameters: {},
      body: bytes,
    });
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64')).toEqual(bytes);
  });

  it('carries path parameters, the raw query, cookies and the JWT claims', () => {
    const event = buildEvent({
      req: request({ cookie: 'a=1; b=2', host: 'localhost' }),
      url: new URL('http://h/api/ratings/r1?x=1&x=2&y=%20'),
      route: rating,
      pathParameters: { id: 'r1' },
      body: Buffer.alloc(0),
      claims: { sub: 'u1' },
    });
    expect(event.rawQueryString).toBe('x=1&x=2&y=%20');
    expect(event.queryStringParameters).toEqual({ x: '1,2', y: ' ' });
    expect(event.pathParameters).toEqual({ id: 'r1' });
    expect(event.cookies).toEqual(['a=1', 'b=2']);
    expect(event.requestContext.authorizer.jwt.claims).toEqual({ sub: 'u1' });
    expect(event.body).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
  });

  it('treats only textual content types as text', () => {
    expect(isTextBody('application/json')).toBe(true);
    expect(isTextBody('application/vnd.api+json')).toBe(true);
    expect(isTextBody('text/plain')).toBe(true);
    expect(isTextBody('image/jpeg')).toBe(false);
    expect(isTextBody(undefined)).toBe(false);
  });

  it('hands claims over as strings, as HTTP APIs do', () => {
    expect(stringifyClaims({ exp: 123, email_verified: true, groups: ['a', 'b'] })).toEqual({
      exp: '123',
      email_verified: 'true',
      groups: '[a b]',
    });
  });
});
