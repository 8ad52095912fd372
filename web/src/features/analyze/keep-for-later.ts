/**
 * Uploads the chosen photos so they survive the detour through /auth or /pricing (full page loads lose the Files).
 * Loaded only when a detour starts, so the home page's first load does not carry it.
 */
import { makePreview } from './make-preview.ts';
import { savePendingCrown, savePendingUpload, type PendingPhoto } from './pending-upload.ts';
import type { PhotoSource } from './photo-source.ts';
import { uploadPhoto } from './upload-photo.ts';

async function upload(source: PhotoSource, fallbackName: string): Promise<PendingPhoto> {
  if ('uploadId' in source) return { uploadId: source.uploadId, preview: source.preview ?? null };
  const [uploadId, preview] = await Promise.all([
    uploadPhoto(source.file, source.file.name || fallbackName),
    makePreview(source.file),
  ]);
  return { uploadId, preview };
}

export async function keepForLater(face: PhotoSource, crown: PhotoSource | null): Promise<void> {
  const [keptFace, keptCrown] = await Promise.allSettled([
    upload(face, 'photo.jpg'),
    crown ? upload(crown, 'crown.jpg') : Promise.resolve(null),
  ]);
  if (keptFace.status === 'rejected') {
    console.error('could not keep the photo for after sign-in', keptFace.reason);
    return;
  }
  savePendingUpload(keptFace.value.uploadId, keptFace.value.preview, Date.now(), face.photoOf);
  if (keptCrown.status === 'rejected') {
    // the face photo is still worth keeping; the panel says the crown photo must be chosen again
    console.error('could not keep the crown photo for after sign-in', keptCrown.reason);
  }
  savePendingCrown(keptCrown.status === 'fulfilled' ? keptCrown.value : 'lost');
}
