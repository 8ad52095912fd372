import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#shared/messages.ts';
import { MAX_UPLOAD_LABEL, validateUpload } from '#web/features/analyze/validate-upload.ts';

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
