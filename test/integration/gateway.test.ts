import http from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { api } from '../support/api.ts';
import { createUser } from '../support/users.ts';
import { readCode } from '../support/local-codes.ts';

const stack = inject('stack');

describe('local gateway', () => {
  it('serves GET /api/packages from its Lambda handler', async () => {
    const res = await api(stack, '/api/packages');
    expect(res.status).toBe(200);
    expect(res.json.map((p: { id: string }) => p.id)).toEqual(['10-ratings', '50-ratings']);
    expect(res.json[0]).toMatchObject({ price: 399, listPrice: 799, numRatings: 10 });
  });

  it('answers 404 and 405 in JSON for unknown paths and methods', async () => {
    expect((await api(stack, '/api/nope')).status).toBe(404);
    const wrongMethod = await api(stack, '/api/packages', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.json.message).toBeTruthy();
  });

  it('answers 400 to a path with a malformed percent-escape, not 500', async () => {
    const res = await fetch(`${stack.gatewayUrl}/api/shares/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Bad Request' });
  });

  it('closes the connection after a 413 answered before the body was read, so the next request on a kept-alive connection works', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const request = (path: string, body?: Buffer) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${stack.gatewayUrl}${path}`,
          {
            agent,
            method: body ? 'POST' : 'GET',
            headers: body ? { 'content-type': 'application/octet-stream', 'content-length': body.length } : {},
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        if (body) req.write(body);
        req.end();
      });
    try {
      // the gateway reads and drops the rest of the body before it answers 413 and closes, so the client, still
      // writing, reads the 413 (as from API Gateway) rather than a reset; then the connection is gone, not half-read
      const early = await request('/api/upload', Buffer.alloc(12 * 1024 * 1024, 1)).catch(
        (err: NodeJS.ErrnoException) => err.code,
      );
      expect(early).toBe(413);
      expect(await request('/api/packages')).toBe(200);
      expect(await request('/api/packages')).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('an oversized body sent with fetch gets a 413 the client can read, whether its length is declared or not', async () => {
    const big = new Uint8Array(11 * 1024 * 1024).fill(7);
    const declared = await fetch(`${stack.gatewayUrl}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg' },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: 'Request Entity Too Large' });
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 11; i++) controller.enqueue(new Uint8Array(1024 * 1024).fill(i));
        controller.close();
      },
    });
    const streamed = await fetch(`${stack.gatewayUrl}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('rejects protected routes without a valid token with 401 JSON', async () => {
    const none = await api(stack, '/api/me');
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ message: 'Unauthorized' });
    expect((await api(stack, '/api/me', { token: 'not.a.jwt' })).status).toBe(401);
  });

  it('rejects a token signed by another key, and an expired one', async () => {
    const user = await createUser(stack, 'forger');
    const claims = decodeJwt(user.idToken);
    const { kid } = decodeProtectedHeader(user.idToken);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
    expect((await api(stack, '/api/me', { token: forged })).status).toBe(401);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'RS256', kid })
      .sign(privateKey);
    expect((await api(stack, '/api/me', { token: expired })).status).toBe(401);
  });

  it('lets a cognito-local token through to the handler', async () => {
    const user = await createUser(stack, 'reacher');
    // (an access token passes the gateway too, as API Gateway's authorizer lets it; the handler refuses it: api-me)
    const res = await api(stack, '/api/me', { token: user.idToken });
    expect(res.status).not.toBe(401);
  });

  it('publishes the verification codes cognito-local printed', async () => {
    const user = await createUser(stack, 'coder');
    // cognito-local rewrites its store file in place, so one read may land mid-write: poll as tests do
    expect(await readCode(stack, user.username)).toMatch(/^\d{6}$/);
    const res = await api(stack, `/__local/codes?username=${user.username}`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json.codes)).toBe(true);
  });
});
