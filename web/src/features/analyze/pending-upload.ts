import { UPLOAD_TTL_SECONDS } from '#shared/messages.ts';
import { readItem, removeItem, SESSION_KEYS, writeItem } from '#web/lib/storage-keys.ts';

/**
 * A photo chosen before sign-in or before buying credits is uploaded (kept by the API for one hour)
 * and remembered by id, so the user does not have to pick it again after the detour.
 */
export interface PendingUpload {
  uploadId: string;
  preview: string | null;
  savedAt: number;
}

// a few minutes of margin so we never offer an upload the API has already expired
const USABLE_FOR_MS = (UPLOAD_TTL_SECONDS - 5 * 60) * 1000;

export function savePendingUpload(uploadId: string, preview: string | null, now = Date.now()): void {
  writeItem('session', SESSION_KEYS.pendingUploadId, uploadId);
  writeItem('session', SESSION_KEYS.pendingUploadAt, String(now));
  if (!preview || !writeItem('session', SESSION_KEYS.pendingUploadPreview, preview)) {
    removeItem('session', SESSION_KEYS.pendingUploadPreview);
  }
}

export function readPendingUpload(now = Date.now()): PendingUpload | null {
  const uploadId = readItem('session', SESSION_KEYS.pendingUploadId);
  const savedAt = Number(readItem('session', SESSION_KEYS.pendingUploadAt));
  if (!uploadId || !Number.isFinite(savedAt) || now - savedAt > USABLE_FOR_MS) {
    if (uploadId) clearPendingUpload();
    return null;
  }
  return { uploadId, preview: readItem('session', SESSION_KEYS.pendingUploadPreview), savedAt };
}

export function clearPendingUpload(): void {
  removeItem(
    'session',
    SESSION_KEYS.pendingUploadId,
    SESSION_KEYS.pendingUploadAt,
    SESSION_KEYS.pendingUploadPreview,
    SESSION_KEYS.analyzeRedirectPending,
  );
}

/** A small JPEG data URL for showing the kept photo (session storage is too small for the original). */
export async function makePreview(image: Blob, maxSide = 320): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(image);
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.7);
  } catch {
    return null;
  }
}
