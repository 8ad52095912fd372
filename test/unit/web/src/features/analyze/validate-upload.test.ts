import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#shared/messages.ts';
import { MAX_UPLOAD_LABEL, prepareUpload, validateUpload } from '#web/features/analyze/validate-upload.ts';

describe('validateUpload', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB', () => {
    expect(validateUpload({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(validateUpload({ type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(validateUpload({ type: 'image/webp', size: 1 })).toBeNull();
  });

  it('rejects files that are not images', () => {
    expect(validateUpload({ type: 'application/pdf', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please upload an image file (JPEG, PNG, etc.)',
    });
    expect(validateUpload({ type: '', size: 10 })?.title).toBe('Invalid file type');
  });

  it('rejects images over 5 MB', () => {
    expect(validateUpload({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })).toEqual({
      title: 'File too large',
      description: 'Please upload an image smaller than 5MB',
    });
  });

  it('says 5MB in the panel text', () => {
    expect(MAX_UPLOAD_LABEL).toBe('5MB');
  });
});

describe('prepareUpload (jsdom: no image decoding, so nothing can be shrunk or converted)', () => {
  const jpegBytes = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set([0xff, 0xd8, 0xff]);
    return bytes;
  };
  const heic = () => {
    const bytes = new Uint8Array(64);
    bytes.set([0, 0, 0, 24, ...new TextEncoder().encode('ftypheic')]);
    return bytes;
  };

  it('a small JPEG is taken as it is', async () => {
    const file = new File([jpegBytes(100)], 'me.jpg', { type: 'image/jpeg' });
    await expect(prepareUpload(file)).resolves.toEqual({ file });
  });

  it('a text file renamed .jpg is not an image, whatever its name and type say', async () => {
    const file = new File(['hello, this is text'], 'notes.jpg', { type: 'image/jpeg' });
    await expect(prepareUpload(file)).resolves.toEqual({
      problem: { title: 'Invalid file type', description: 'Please upload an image file (JPEG, PNG, etc.)' },
    });
  });

  it('a PNG named .jpg is sent as the PNG it is', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const outcome = await prepareUpload(new File([png], 'me.jpg', { type: 'image/jpeg' }));
    expect('file' in outcome && outcome.file.type).toBe('image/png');
  });

  it('a HEIC photo this browser cannot decode says how to send a JPEG', async () => {
    const outcome = await prepareUpload(new File([heic()], 'IMG_0001.HEIC', { type: 'image/heic' }));
    expect(outcome).toEqual({
      problem: { title: 'HEIC photos cannot be read here', description: expect.stringMatching(/JPEG/) },
    });
  });

  it('over 5 MB with no way to shrink it: too large', async () => {
    const file = new File([jpegBytes(MAX_UPLOAD_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' });
    await expect(prepareUpload(file)).resolves.toEqual({
      problem: { title: 'File too large', description: 'Please upload an image smaller than 5MB' },
    });
  });
});
