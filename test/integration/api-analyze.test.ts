import sharp from 'sharp';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { AnalysisResultSchema } from '#shared/schemas.ts';
import { api } from '../support/api.ts';
import { documentClient, userWithCredits } from '../support/users.ts';
import { requireModels } from '../support/dataset-photos.ts';
import { ratingsOf } from '../support/domain.ts';
import { creditsOf, decompressionBomb, imageForm, samplePhotos, userItem } from './api-support.ts';

const stack = inject('stack');
beforeEach((ctx) => requireModels(ctx));

const analyze = (token: string, body: unknown, headers?: Record<string, string>) =>
  api(stack, '/api/analyze-hairline', { method: 'POST', token, body, headers });

describe('POST /api/analyze-hairline', () => {
  it('analyses a photo for one credit, stores the rating (no photo) and returns the result', async (ctx) => {
    const photos = await samplePhotos(ctx, 6);
    const user = await userWithCredits(stack, 2, 'analyst');
    const res = await analyze(user.idToken, imageForm(photos[0]!));
    expect(res.status, res.text).toBe(200);
    const result = AnalysisResultSchema.parse(res.json);
    expect(result.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.from(result.imageBase64, 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(result.overlayBase64).toBeTruthy();
    expect(await creditsOf(stack, user.sub)).toBe(1);

    const stored = await api(stack, `/api/ratings/${result.id}`, { token: user.idToken });
    expect(stored.status).toBe(200);
    expect(stored.json).toEqual(result);
    const { Items } = await documentClient(stack).send(
      new QueryCommand({
        TableName: stack.env.RATINGS_TABLE,
        IndexName: 'byUser',
        KeyConditionExpression: 'userId = :u',
        ExpressionAttributeValues: { ':u': user.sub },
      }),
    );
    expect(Items).toHaveLength(1);
    const item = Items![0]!;
    expect(item.isPremium).toBe(true);
    expect(item.thumbnail.byteLength + item.overlay.byteLength).toBeLessThan(150 * 1024);
    expect(Object.keys(item).sort()).not.toContain('photo');
    expect(JSON.stringify(Object.keys(item))).not.toMatch(/image|original|jpeg/i);
  });

  it('402 without credits, before any analysis; nothing stored', async (ctx) => {
    const photos = await samplePhotos(ctx, 6);
    const user = await userWithCredits(stack, 0, 'broke');
    const res = await analyze(user.idToken, imageForm(photos[1]!));
    expect(res.status).toBe(402);
    expect(res.json).toEqual({ message: 'Not enough credits. Please purchase credits to continue.' });
    expect(await ratingsOf(stack, user.sub)).toBe(0);
  });

  it('bad uploads are 4xx with a clear message and cost nothing', async (ctx) => {
    const photos = await samplePhotos(ctx, 6);
    const user = await userWithCredits(stack, 5, 'badfile');
    const jpeg = photos[2]!;
    const bomb = await decompressionBomb();
    const cases: {
      name: string;
      body: unknown;
      status: number;
      message?: string | RegExp;
      headers?: Record<string, string>;
    }[] = [
      { name: 'no image', body: new FormData(), status: 400, message: /Please choose a photo/ },
      { name: 'empty file', body: imageForm(new Uint8Array()), status: 400, message: /empty/ },
      {
        name: 'text renamed .jpg',
        body: imageForm(Buffer.from('this is not a photo at all'), { filename: 'photo.jpg' }),
        status: 415,
        message: 'Please upload an image file (JPEG, PNG, etc.)',
      },
      {
        name: 'pdf type',
        body: imageForm(jpeg, { type: 'application/pdf', filename: 'x.pdf' }),
        status: 415,
        message: 'Please upload an image file (JPEG, PNG, etc.)',
      },
      {
        name: '6 MB',
        body: imageForm(Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024)])),
        status: 413,
        message: 'Please upload an image smaller than 5MB',
      },
      {
        name: 'truncated JPEG',
        body: imageForm(jpeg.subarray(0, Math.floor(jpeg.length / 3))),
        status: 422,
        message: /could not read|too small|not find/i,
      },
      {
        name: 'decompression bomb',
        body: imageForm(bomb, { type: 'image/png', filename: 'bomb.png' }),
        status: 422,
        message: /too large to process/,
      },
      { name: 'a plain text body', body: 'hello', status: 415, headers: { 'content-type': 'text/plain' } },
    ];
    for (const c of cases) {
      const res = await analyze(user.idToken, c.body, c.headers);
      expect(res.status, `${c.name}: ${res.text}`).toBe(c.status);
      if (c.message) expect(res.json.message, c.name).toMatch(c.message);
    }
    expect(await creditsOf(stack, user.sub)).toBe(5);
    expect(await ratingsOf(stack, user.sub)).toBe(0);
  });

  it('a photo the engine refuses (no head or hair) is a 422 with its message, no credit taken', async () => {
    const user = await userWithCredits(stack, 1, 'blank');
    const blank = await sharp({
      create: { width: 800, height: 800, channels: 3, background: { r: 40, g: 120, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    const res = await analyze(user.idToken, imageForm(blank));
    expect(res.status, res.text).toBe(422);
    expect(typeof res.json.message).toBe('string');
    expect(await creditsOf(stack, user.sub)).toBe(1);
    expect(await ratingsOf(stack, user.sub)).toBe(0);
    // the reservation is closed with the refund: the next request is not refused as "still running"
    expect((await userItem(stack, user.sub))?.pendingAnalysis).toBeUndefined();
  });

  it('stores the X-Client-Request-Id on the rating; GET /api/ratings?clientRequestId= finds it, malformed ids are 400', async (ctx) => {
    const photos = await samplePhotos(ctx, 6);
    const user = await userWithCredits(stack, 1, 'recover');
    const clientRequestId = '0b6e9c7e-4f1d-4c1a-9d61-2f3c7a1e5b90';
    const res = await analyze(user.idToken, imageForm(photos[0]!), { 'x-client-request-id': clientRequestId });
    expect(res.status, res.text).toBe(200);
    expect(res.json.clientRequestId).toBe(clientRequestId);
    const found = await api(stack, `/api/ratings?clientRequestId=${clientRequestId}`, { token: user.idToken });
    expect(found.status).toBe(200);
    expect(found.json.items.map((r: { id: string }) => r.id)).toEqual([res.json.id]);
    const other = await userWithCredits(stack, 0, 'snoop');
    expect(
      (await api(stack, `/api/ratings?clientRequestId=${clientRequestId}`, { token: other.idToken })).json.items,
    ).toEqual([]);
    expect((await api(stack, '/api/ratings?clientRequestId=bad%20id', { token: user.idToken })).status).toBe(400);
    const malformed = await analyze(user.idToken, imageForm(photos[0]!), { 'x-client-request-id': 'x' });
    expect(malformed.status).toBe(400);
    expect(await creditsOf(stack, user.sub)).toBe(0);
  });

  it('analyses an earlier upload by uploadId (JSON or multipart field); unknown or expired ids are 404 and cost nothing', async (ctx) => {
    const photos = await samplePhotos(ctx, 6);
    const user = await userWithCredits(stack, 3, 'later');
    const up = await api(stack, '/api/upload', { method: 'POST', body: imageForm(photos[3]!) });
    expect(up.status, up.text).toBe(201);
    const res = await analyze(user.idToken, { uploadId: up.json.id });
    expect(res.status, res.text).toBe(200);
    AnalysisResultSchema.parse(res.json);
    expect(await creditsOf(stack, user.sub)).toBe(2);

    const up2 = await api(stack, '/api/upload', { method: 'POST', body: imageForm(photos[4]!) });
    const form = new FormData();
    form.append('uploadId', up2.json.id);
    expect((await analyze(user.idToken, form)).status).toBe(200);
    expect(await creditsOf(stack, user.sub)).toBe(1);

    // the credit is reserved first (before the upload is read), then refunded with the 404
    const gone = await analyze(user.idToken, { uploadId: 'A'.repeat(43) });
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({ message: 'Upload not found or expired' });
    expect((await analyze(user.idToken, { uploadId: 'rate#127.0.0.1#1' })).status).toBe(404);

    const expiredId = 'E'.repeat(42) + 'x';
    await documentClient(stack).send(
      new PutCommand({
        TableName: stack.env.UPLOADS_TABLE,
        Item: {
          id: expiredId,
          kind: 'upload',
          jpeg: new Uint8Array(photos[5]!),
          expiresAt: Math.floor(Date.now() / 1000) - 5,
        },
      }),
    );
    const expired = await analyze(user.idToken, { uploadId: expiredId });
    expect(expired.status).toBe(404);
    expect(expired.json).toEqual({ message: 'Upload not found or expired' });
    expect(await creditsOf(stack, user.sub)).toBe(1);
  });

  it('an upload chosen before sign-in survives a 402 and can be used after buying', async (ctx) => {
    const photos = await samplePhotos(ctx, 6);
    const user = await userWithCredits(stack, 0, 'detour');
    const up = await api(stack, '/api/upload', { method: 'POST', body: imageForm(photos[5]!) });
    expect((await analyze(user.idToken, { uploadId: up.json.id })).status).toBe(402);
    await documentClient(stack).send(
      new PutCommand({ TableName: stack.env.USERS_TABLE, Item: { ...(await userItem(stack, user.sub)), credits: 2 } }),
    );
    expect((await analyze(user.idToken, { uploadId: up.json.id })).status).toBe(200);
    // used uploads are deleted with the analysis
    expect((await analyze(user.idToken, { uploadId: up.json.id })).status).toBe(404);
    expect(await creditsOf(stack, user.sub)).toBe(1);
  });
});
