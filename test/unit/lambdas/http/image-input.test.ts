import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#shared/messages.ts';
import { HttpError } from '#lambdas/http/errors.ts';
import { checkImageFile, readAnalyzeInputs, readImageInput } from '#lambdas/http/image-input.ts';
import { sniffImageType } from '#shared/image-type.ts';
import { event, JPEG_MAGIC, multipartBody, PNG_MAGIC } from '#test/support/lambda-event.ts';

const jpeg = () => Buffer.concat([Buffer.from(JPEG_MAGIC), Buffer.alloc(500, 1)]);

function multipartEvent(parts: Parameters<typeof multipartBody>[0], base64 = true) {
  const { body, contentType } = multipartBody(parts);
  return event({
    headers: { 'content-type': contentType },
    body: base64 ? body.toString('base64') : body.toString('latin1'),
    isBase64Encoded: base64,
  });
}

describe('sniffImageType', () => {
  it('knows the usual formats by their first bytes', () => {
    expect(sniffImageType(JPEG_MAGIC)).toBe('image/jpeg');
    expect(sniffImageType(PNG_MAGIC)).toBe('image/png');
    expect(sniffImageType(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('\0\0\0\x18ftypheic'))).toBe('image/heic');
    expect(sniffImageType(Buffer.from('hello, this is text'))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });
});

describe('checkImageFile', () => {
  it('accepts an image by type and content', () => {
    expect(checkImageFile(jpeg(), 'image/jpeg').mimeType).toBe('image/jpeg');
    expect(() => checkImageFile(jpeg(), 'application/octet-stream')).toThrow(
      expect.objectContaining({ statusCode: 415 }),
    );
  });
  it('maps problems to 400 / 413 / 415 with the spec texts', () => {
    expect(() => checkImageFile(new Uint8Array(), 'image/jpeg')).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(() => checkImageFile(new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(0xff), 'image/jpeg')).toThrow(
      expect.objectContaining({ statusCode: 413, message: 'Please upload an image smaller than 5MB' }),
    );
    expect(() => checkImageFile(jpeg(), 'text/plain')).toThrow(
      expect.objectContaining({ statusCode: 415, message: 'Please upload an image file (JPEG, PNG, etc.)' }),
    );
    expect(() => checkImageFile(Buffer.from('just text renamed to .jpg'), 'image/jpeg')).toThrow(
      expect.objectContaining({ statusCode: 415 }),
    );
  });
});

describe('readImageInput', () => {
  it('reads the image field of a base64-encoded multipart body', async () => {
    const input = await readImageInput(
      multipartEvent([{ name: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data: jpeg() }]),
      { allowUploadId: true },
    );
    expect(input.kind).toBe('image');
    if (input.kind === 'image') expect(input.bytes.equals(jpeg())).toBe(true);
  });
  it('reads a multipart body that was not base64-encoded (latin1 round trip)', async () => {
    const input = await readImageInput(
      multipartEvent(
        [{ name: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data: Buffer.from('GIF89a') }],
        false,
      ),
      { allowUploadId: false },
    );
    expect(input).toMatchObject({ kind: 'image', mimeType: 'image/gif' });
  });
  it('reads uploadId from a multipart field or a JSON body (analyze only)', async () => {
    expect(await readImageInput(multipartEvent([{ name: 'uploadId', value: 'abc' }]), { allowUploadId: true })).toEqual(
      { kind: 'upload', uploadId: 'abc' },
    );
    const json = event({ headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uploadId: 'xyz' }) });
    expect(await readImageInput(json, { allowUploadId: true })).toEqual({ kind: 'upload', uploadId: 'xyz' });
    await expect(readImageInput(json, { allowUploadId: false })).rejects.toMatchObject({ statusCode: 415 });
  });
  it('missing image → 400; wrong field → 400; non-image body → 415', async () => {
    await expect(readImageInput(event(), { allowUploadId: true })).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      readImageInput(multipartEvent([{ name: 'note', value: 'x' }]), { allowUploadId: true }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      readImageInput(multipartEvent([{ name: 'file', filename: 'p.jpg', contentType: 'image/jpeg', data: jpeg() }]), {
        allowUploadId: false,
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      readImageInput(event({ headers: { 'content-type': 'text/plain' }, body: 'hi' }), { allowUploadId: true }),
    ).rejects.toMatchObject({ statusCode: 415 });
    await expect(
      readImageInput(event({ headers: { 'content-type': 'application/json' }, body: '{bad' }), { allowUploadId: true }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      readImageInput(event({ headers: { 'content-type': 'application/json' }, body: '{"uploadId":5}' }), {
        allowUploadId: true,
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
  it('never crashes on random bodies and content types: a typed 4xx or a valid input', async () => {
    const contentTypes = fc.oneof(
      fc.constantFrom(
        'multipart/form-data; boundary=x',
        'application/json',
        'image/jpeg',
        'text/plain',
        '',
        'multipart/form-data',
      ),
      fc.string({ maxLength: 40 }),
    );
    const bodies = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.json().map((j) => j),
      fc.uint8Array({ maxLength: 600 }).map((b) => Buffer.from(b).toString('base64')),
    );
    await fc.assert(
      fc.asyncProperty(contentTypes, bodies, fc.boolean(), fc.boolean(), async (ct, body, b64, allowUploadId) => {
        try {
          const input = await readImageInput(
            event({ headers: ct ? { 'content-type': ct } : {}, body, isBase64Encoded: b64 }),
            { allowUploadId },
          );
          if (input.kind === 'image') expect(sniffImageType(input.bytes)).toBeDefined();
          else expect(allowUploadId && typeof input.uploadId === 'string').toBe(true);
        } catch (err) {
          expect(err).toBeInstanceOf(HttpError);
          expect((err as HttpError).statusCode).toBeGreaterThanOrEqual(400);
          expect((err as HttpError).statusCode).toBeLessThan(500);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('readAnalyzeInputs (a face photo and an optional crown photo)', () => {
  const file = (name: string) => ({ name, filename: `${name}.jpg`, contentType: 'image/jpeg', data: jpeg() });
  it('reads `image` and `crown` files, or uploadId and crownUploadId (fields or JSON)', async () => {
    const both = await readAnalyzeInputs(multipartEvent([file('image'), file('crown')]));
    expect(both.image.kind).toBe('image');
    expect(both.crown?.kind).toBe('image');
    expect(await readAnalyzeInputs(multipartEvent([file('image')]))).toEqual({
      image: expect.objectContaining({ kind: 'image' }),
    });
    expect(
      await readAnalyzeInputs(
        multipartEvent([
          { name: 'uploadId', value: 'a' },
          { name: 'crownUploadId', value: 'b' },
        ]),
      ),
    ).toEqual({ image: { kind: 'upload', uploadId: 'a' }, crown: { kind: 'upload', uploadId: 'b' } });
    const json = event({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uploadId: 'x', crownUploadId: 'y' }),
    });
    expect(await readAnalyzeInputs(json)).toEqual({
      image: { kind: 'upload', uploadId: 'x' },
      crown: { kind: 'upload', uploadId: 'y' },
    });
  });
  it('a crown alone, a third file or a bad crown file are refused before any work', async () => {
    await expect(readAnalyzeInputs(multipartEvent([file('crown')]))).rejects.toMatchObject({ statusCode: 400 });
    await expect(readAnalyzeInputs(multipartEvent([file('image'), file('other')]))).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      readAnalyzeInputs(multipartEvent([file('image'), { ...file('crown'), data: Buffer.from('not an image') }])),
    ).rejects.toMatchObject({ statusCode: 415 });
  });
});
