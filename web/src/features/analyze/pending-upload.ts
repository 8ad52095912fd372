import { UPLOAD_TTL_SECONDS } from '#shared/messages.ts';
import { PHOTO_SUBJECTS, type PhotoSubject } from '#shared/schemas.ts';
import { readItem, removeItem, SESSION_KEYS, writeItem } from '#web/lib/storage-keys.ts';

/**
 * A photo chosen before sign-in or before buying credits is uploaded (kept by the API for one hour)
 * and remembered by id, so the user does not have to pick it again after the detour. The optional crown photo is
 * kept the same way, beside the face photo.
 */

export interface PendingPhoto {
  uploadId: string;
  preview: string | null;
}

export interface PendingUpload extends PendingPhoto {
  savedAt: number;
  /** the crown photo kept with it, if one was chosen and could be kept */
  crown: PendingPhoto | null;
  /** a crown photo was chosen but its upload failed or expired: the face photo is kept, the crown must be chosen again */
  crownLost: boolean;
  /** what the user said the photo is of, when they said it (the panel's mode) */
  photoOf?: PhotoSubject;
}

const isPhotoSubject = (value: string | null): value is PhotoSubject =>
  (PHOTO_SUBJECTS as readonly (string | null)[]).includes(value);

// a few minutes of margin so we never offer an upload the API has already expired
const USABLE_FOR_MS = (UPLOAD_TTL_SECONDS - 5 * 60) * 1000;

interface Keys {
  id: string;
  at: string;
  preview: string;
}

const FACE: Keys = {
  id: SESSION_KEYS.pendingUploadId,
  at: SESSION_KEYS.pendingUploadAt,
  preview: SESSION_KEYS.pendingUploadPreview,
};
const CROWN: Keys = {
  id: SESSION_KEYS.pendingCrownUploadId,
  at: SESSION_KEYS.pendingCrownUploadAt,
  preview: SESSION_KEYS.pendingCrownPreview,
};

function save(keys: Keys, uploadId: string, preview: string | null, now: number): void {
  // the API's hour runs from the upload: saving the same upload again (a second detour) keeps its first time
  const sameUpload = readItem('session', keys.id) === uploadId && readItem('session', keys.at);
  writeItem('session', keys.id, uploadId);
  if (!sameUpload) writeItem('session', keys.at, String(now));
  if (!preview || !writeItem('session', keys.preview, preview)) removeItem('session', keys.preview);
}

/** The upload of `keys` while the API still has it, else null (and its keys are removed). */
function read(keys: Keys, now: number): (PendingPhoto & { savedAt: number }) | null {
  const uploadId = readItem('session', keys.id);
  const savedAt = Number(readItem('session', keys.at));
  if (!uploadId || !Number.isFinite(savedAt) || now - savedAt > USABLE_FOR_MS) {
    if (uploadId) removeItem('session', keys.id, keys.at, keys.preview);
    return null;
  }
  return { uploadId, preview: readItem('session', keys.preview), savedAt };
}

export function savePendingUpload(
  uploadId: string,
  preview: string | null,
  now = Date.now(),
  photoOf?: PhotoSubject,
): void {
  save(FACE, uploadId, preview, now);
  if (photoOf) writeItem('session', SESSION_KEYS.pendingPhotoOf, photoOf);
  else removeItem('session', SESSION_KEYS.pendingPhotoOf);
}

/** The crown photo kept beside the face photo; 'lost' when one was chosen but could not be uploaded; null for none. */
export function savePendingCrown(crown: PendingPhoto | 'lost' | null, now = Date.now()): void {
  removeItem('session', SESSION_KEYS.pendingCrownLost);
  if (crown && crown !== 'lost') return save(CROWN, crown.uploadId, crown.preview, now);
  removeItem('session', CROWN.id, CROWN.at, CROWN.preview);
  if (crown === 'lost') writeItem('session', SESSION_KEYS.pendingCrownLost, 'true');
}

export function readPendingUpload(now = Date.now()): PendingUpload | null {
  const hadFace = readItem('session', FACE.id) !== null;
  const hadCrown = readItem('session', CROWN.id) !== null;
  const face = read(FACE, now);
  if (!face) {
    // a crown photo alone is no analysis: the face photo's expiry clears both
    if (hadFace || hadCrown) clearPendingUpload();
    return null;
  }
  const crown = read(CROWN, now);
  if (hadCrown && !crown) writeItem('session', SESSION_KEYS.pendingCrownLost, 'true');
  const crownLost = !crown && readItem('session', SESSION_KEYS.pendingCrownLost) === 'true';
  const photoOf = readItem('session', SESSION_KEYS.pendingPhotoOf);
  return {
    ...face,
    crown: crown ? { uploadId: crown.uploadId, preview: crown.preview } : null,
    crownLost,
    ...(isPhotoSubject(photoOf) ? { photoOf } : {}),
  };
}

export function clearPendingUpload(): void {
  removeItem(
    'session',
    FACE.id,
    FACE.at,
    FACE.preview,
    CROWN.id,
    CROWN.at,
    CROWN.preview,
    SESSION_KEYS.pendingCrownLost,
    SESSION_KEYS.pendingPhotoOf,
    SESSION_KEYS.analyzeRedirectPending,
  );
}

/**
 * The kind of photo a "Retake like last time" link (web/src/lib/retake-link.ts retakeHref) asks the camera to retake.
 * Here, in the module the upload panel loads on demand anyway, so the home page's first load carries no retake code.
 */
export function retakeAsked(search: string): 'face' | 'crown' | undefined {
  const value = new URLSearchParams(search).get('retake');
  return value === 'face' || value === 'crown' ? value : undefined;
}
