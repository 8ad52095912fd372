import { request } from 'node:http';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '../support/api.ts';
import { documentClient } from '../support/users.ts';
import { drawnHead } from '../support/drawn-photos.ts';
import { decompressionBomb, imageForm } from './api-support.ts';

const stack = inject('stack');
/** drawn here: the upload checks need a decodable photo, not a real head */
let photos: Buffer[];
beforeAll(async () => {
  photos = [await drawnHead({ seed: 1 }), await drawnHead({ width: 1200, height: 900, seed: 2 })];
});

/** POST /api/upload from a chosen loopback source address (each address has its own rate-limit counter). */
function uploadFrom(localAddress: string, body: Buffer, contentType: string): Promise<number> {
  const url = new URL('/api/upload', stack.gatewayUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': contentType, 'content-length': body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('POST /api/upload', () => {
  it('stores the normalized photo for one hour under an unguessable id → 201 { id }', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await api(stack, '/api/upload', { method: 'POST', body: imageForm(photos[0]!) });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const { Item } = await documentClient(stack).send(
      new GetCommand({ TableName: stack.env.UPLOADS_TABLE, Key: { id: res.json.id } }),
    );
    expect(Item?.kind).toBe('upload');
    expect(Item?.jpeg.byteLength).toBeLessThanOrEqual(350 * 1024);
    expect(Buffer.from(Item!.jpeg).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(Item?.expiresAt).toBeGreaterThanOrEqual(before + 3600);
    expect(Item?.expiresAt).toBeLessThanOrEqual(before + 3600 + 30);
  });

  it('needs no token, and ids differ per upload', async () => {
    const a = await api(stack, '/api/upload', { method: 'POST', body: imageForm(photos[1]!) });
    const b = await api(stack, '/api/upload', { method: 'POST', body: imageForm(photos[1]!) });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json.id).not.toBe(b.json.id);
  });

  it('refuses bad files with the spec texts', async () => {
    const cases: [FormData | string, number, string | RegExp][] = [
      [
        imageForm(Buffer.from('plain text renamed'), { filename: 'a.jpg' }),
        415,
        'Please upload an image file (JPEG, PNG, etc.)',
      ],
      [
        imageForm(photos[0]!, { type: 'text/plain', filename: 'a.txt' }),
        415,
        'Please upload an image file (JPEG, PNG, etc.)',
      ],
      [
        imageForm(Buffer.concat([photos[0]!, Buffer.alloc(6 * 1024 * 1024)])),
        413,
        'Please upload an image smaller than 5MB',
      ],
      [imageForm(new Uint8Array()), 400, /empty/],
      [new FormData(), 400, /Please choose a photo/],
      [imageForm(photos[0]!.subarray(0, 2000)), 422, /./],
      [imageForm(await decompressionBomb(), { type: 'image/png', filename: 'bomb.png' }), 422, /too large to process/],
    ];
    for (const [body, status, message] of cases) {
      const res = await api(stack, '/api/upload', { method: 'POST', body });
      expect(res.status, res.text).toBe(status);
      expect(res.json.message).toMatch(message);
    }
  });

  it('rate-limits each client address per minute with 429', async () => {
    // keep the burst inside one clock minute
    const second = new Date().getSeconds();
    if (second > 50) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    const limit = Number(stack.env.UPLOAD_RATE_LIMIT ?? 20);
    const empty = Buffer.from('--x--\r\n');
    const statuses = [];
    for (let i = 0; i < limit + 3; i++)
      statuses.push(await uploadFrom('127.0.0.77', empty, 'multipart/form-data; boundary=x'));
    expect(statuses.slice(0, limit).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429, 429]);
    const res = await api(stack, '/api/upload', { method: 'POST', body: imageForm(photos[0]!) });
    expect(res.status).toBe(201); // another address is not affected
  });

  it('counts an IPv6 client by its /64: a fresh address from the same /64 for every request is still one client', async () => {
    const second = new Date().getSeconds();
    if (second > 50) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    const limit = Number(stack.env.UPLOAD_RATE_LIMIT ?? 20);
    const empty = '--x--\r\n';
    const from = (viewer: string) =>
      api(stack, '/api/upload', {
        method: 'POST',
        body: empty,
        headers: { 'cloudfront-viewer-address': viewer, 'content-type': 'multipart/form-data; boundary=x' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < limit + 2; i++)
      statuses.push((await from(`2001:db8:77:1:${(i + 1).toString(16)}::${i + 7}:443`)).status);
    expect(statuses.slice(0, limit).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429]);
    expect((await from('2001:db8:77:2::1:443')).status).toBe(400); // the next /64 is another client
  });
});
