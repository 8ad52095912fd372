/** The pending upload kept through the sign-in and pricing detour (session storage): the face photo, and the crown photo beside it. */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearPendingUpload,
  readPendingUpload,
  savePendingCrown,
  savePendingUpload,
} from '#web/features/analyze/pending-upload.ts';

const T0 = 1_000_000;
const MIN = 60_000;

beforeEach(() => sessionStorage.clear());

describe('the kept crown photo', () => {
  it('is kept beside the face photo with its preview', () => {
    savePendingUpload('face-1', 'data:image/jpeg;base64,ff', T0);
    savePendingCrown({ uploadId: 'crown-1', preview: 'data:image/jpeg;base64,cc' }, T0);
    expect(readPendingUpload(T0 + 10 * MIN)).toEqual({
      uploadId: 'face-1',
      preview: 'data:image/jpeg;base64,ff',
      savedAt: T0,
      crown: { uploadId: 'crown-1', preview: 'data:image/jpeg;base64,cc' },
      crownLost: false,
    });
  });

  it("keeps what the photo is of (the panel's mode), cleared with it", () => {
    savePendingUpload('face-1', null, T0, 'crown');
    expect(readPendingUpload(T0 + MIN)?.photoOf).toBe('crown');
    // a photo kept without it (a client from before) has none
    savePendingUpload('face-2', null, T0);
    expect(readPendingUpload(T0 + MIN)).not.toHaveProperty('photoOf');
    savePendingUpload('face-3', null, T0, 'hairline');
    clearPendingUpload();
    expect(sessionStorage.getItem('pendingPhotoOf')).toBeNull();
  });

  it("expires with the face photo: the face photo's expiry clears both", () => {
    savePendingUpload('face-1', null, T0);
    savePendingCrown({ uploadId: 'crown-1', preview: null }, T0);
    expect(readPendingUpload(T0 + 56 * MIN)).toBeNull();
    expect(sessionStorage.getItem('pendingCrownUploadId')).toBeNull();
    expect(sessionStorage.getItem('pendingUploadId')).toBeNull();
  });

  it('an expired crown photo alone: the face photo stays, and the crown is reported lost', () => {
    savePendingCrown({ uploadId: 'crown-old', preview: null }, T0);
    savePendingUpload('face-new', null, T0 + 30 * MIN);
    const kept = readPendingUpload(T0 + 56 * MIN);
    expect(kept?.uploadId).toBe('face-new');
    expect(kept?.crown).toBeNull();
    expect(kept?.crownLost).toBe(true);
    expect(sessionStorage.getItem('pendingCrownUploadId')).toBeNull();
  });

  it('a crown photo whose upload failed is reported lost; choosing none is not', () => {
    savePendingUpload('face-1', null, T0);
    savePendingCrown('lost', T0);
    expect(readPendingUpload(T0)).toMatchObject({ uploadId: 'face-1', crown: null, crownLost: true });
    savePendingCrown(null, T0);
    expect(readPendingUpload(T0)).toMatchObject({ uploadId: 'face-1', crown: null, crownLost: false });
  });

  it('saving the same upload again keeps its first time (the API counts its hour from the upload)', () => {
    savePendingUpload('face-1', null, T0);
    savePendingCrown({ uploadId: 'crown-1', preview: null }, T0);
    savePendingUpload('face-1', null, T0 + 40 * MIN);
    savePendingCrown({ uploadId: 'crown-1', preview: null }, T0 + 40 * MIN);
    expect(readPendingUpload(T0 + 56 * MIN)).toBeNull();
  });

  it('clearing clears both photos and the lost flag', () => {
    savePendingUpload('face-1', null, T0);
    savePendingCrown({ uploadId: 'crown-1', preview: 'data:image/jpeg;base64,cc' }, T0);
    sessionStorage.setItem('pendingCrownLost', 'true');
    clearPendingUpload();
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('pending'))).toEqual([]);
  });
});

describe('pending upload', () => {
  it('is kept for less than the API keeps it, then dropped', () => {
    savePendingUpload('up-1', 'data:image/jpeg;base64,xx', 1_000_000);
    expect(readPendingUpload(1_000_000 + 54 * 60_000)).toEqual({
      uploadId: 'up-1',
      preview: 'data:image/jpeg;base64,xx',
      savedAt: 1_000_000,
      crown: null,
      crownLost: false,
    });
    expect(readPendingUpload(1_000_000 + 56 * 60_000)).toBeNull();
    expect(sessionStorage.getItem('pendingUploadId')).toBeNull();
  });

  it('clears with the analyze redirect flag', () => {
    sessionStorage.setItem('analyzeRedirectPending', 'true');
    savePendingUpload('up-2', null);
    clearPendingUpload();
    expect(readPendingUpload()).toBeNull();
    expect(sessionStorage.getItem('analyzeRedirectPending')).toBeNull();
  });
});
