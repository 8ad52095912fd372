import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '#lambdas/http/errors.ts';
import { parseMultipart } from '#lambdas/http/multipart.ts';
import { multipartBody } from '#test/support/lambda-event.ts';

describe('parseMultipart', () => {
  it('reads files and fields', async () => {
    const data = Uint8Array.from({ length: 3000 }, (_, i) => i % 256);
    const { body, contentType } = multipartBody([
      { name: 'image', filename: 'photo.jpg', contentType: 'image/jpeg', data },
      { name: 'note', value: 'hello' },
    ]);
    const form = await parseMultipart(body, contentType);
    expect(form.fields).toEqual({ note: 'hello' });
    expect(form.files).toHaveLength(1);
    expect(form.files[0]).toMatchObject({ field: 'image', filename: 'photo.jpg', mimeType: 'image/jpeg' });
    expect(Buffer.compare(form.files[0]!.data, Buffer.from(data))).toBe(0);
  });

  it('rejects a file over the limit with 413 while streaming', async () => {
    const { body, contentType } = multipartBody([
      { name: 'image', filename: 'big.jpg', contentType: 'image/jpeg', data: new Uint8Array(2048) },
    ]);
    await expect(parseMultipart(body, contentType, { maxFileBytes: 1024 })).rejects.toMatchObject({
      statusCode: 413,
      message: 'Please upload an image smaller than 5MB',
    });
  });

  it('rejects a whole body far beyond the limit before parsing', async () => {
    await expect(
      parseMultipart(Buffer.alloc(200_000), 'multipart/form-data; boundary=x', { maxFileBytes: 1000, maxFiles: 1 }),
    ).rejects.toMatchObject({ statusCode: 413 });
  });

  it('rejects a content type without boundary and a truncated form with 400', async () => {
    await expect(parseMultipart(Buffer.from('abc'), 'multipart/form-data')).rejects.toMatchObject({ statusCode: 400 });
    const { body, contentType } = multipartBody([
      { name: 'image', filename: 'a.jpg', contentType: 'image/jpeg', data: new Uint8Array(100) },
    ]);
    await expect(parseMultipart(body.subarray(0, 80), contentType)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('accepts a file of exactly the limit and refuses one byte more (one number: parser and checks agree)', async () => {
    const exactly = multipartBody([
      { name: 'image', filename: 'a.jpg', contentType: 'image/jpeg', data: new Uint8Array(1024) },
    ]);
    const form = await parseMultipart(exactly.body, exactly.contentType, { maxFileBytes: 1024 });
    expect(form.files[0]!.data.length).toBe(1024);
    const over = multipartBody([
      { name: 'image', filename: 'a.jpg', contentType: 'image/jpeg', data: new Uint8Array(1025) },
    ]);
    await expect(parseMultipart(over.body, over.contentType, { maxFileBytes: 1024 })).rejects.toMatchObject({
      statusCode: 413,
    });
  });

  it('a name sent twice (two files, two fields, a file and a field) is a 400 naming it', async () => {
    const f = (name: string) => ({ name, filename: 'a.jpg', contentType: 'image/jpeg', data: new Uint8Array(10) });
    const cases = [
      [[f('image'), f('image')], 'image'],
      [[f('image'), f('crown'), f('crown')], 'crown'],
      [[f('image'), { name: 'uploadId', value: 'a' }, { name: 'uploadId', value: 'b' }], 'uploadId'],
      [[{ name: 'crownUploadId', value: 'a' }, f('crownUploadId')], 'crownUploadId'],
    ] as const;
    for (const [parts, name] of cases) {
      const { body, contentType } = multipartBody([...parts]);
      await expect(parseMultipart(body, contentType, { maxFiles: 2 })).rejects.toMatchObject({
        statusCode: 400,
        message: `Form field "${name}" was sent more than once: send one photo per field`,
      });
    }
  });

  it('rejects too many files', async () => {
    const f = { name: 'image', filename: 'a.jpg', contentType: 'image/jpeg', data: new Uint8Array(10) };
    const { body, contentType } = multipartBody([f, f]);
    await expect(parseMultipart(body, contentType, { maxFiles: 1 })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('never crashes on random bytes: a typed 4xx or a parse', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2048 }),
        fc.constantFrom('x', '----b', 'AaB03x'),
        async (bytes, boundary) => {
          try {
            const form = await parseMultipart(Buffer.from(bytes), `multipart/form-data; boundary=${boundary}`);
            expect(Array.isArray(form.files)).toBe(true);
          } catch (err) {
            expect(err).toBeInstanceOf(HttpError);
            expect((err as HttpError).statusCode).toBeGreaterThanOrEqual(400);
            expect((err as HttpError).statusCode).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never crashes on mutated valid forms', async () => {
    const { body, contentType } = multipartBody([
      { name: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data: new Uint8Array(64).fill(7) },
      { name: 'uploadId', value: 'abc' },
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(body.length - 1),
        fc.integer({ min: 0, max: 255 }),
        fc.nat(body.length),
        async (at, byte, cut) => {
          const mutated = Buffer.from(body);
          mutated[at] = byte;
          try {
            await parseMultipart(mutated.subarray(0, cut), contentType);
          } catch (err) {
            expect(err).toBeInstanceOf(HttpError);
            expect((err as HttpError).statusCode).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
