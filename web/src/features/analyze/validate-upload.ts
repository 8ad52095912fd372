import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '#shared/upload-messages.ts';

export interface UploadProblem {
  title: string;
  description: string;
}

/** "5MB", from the one limit the client and the API share. */
export const MAX_UPLOAD_LABEL = `${MAX_UPLOAD_BYTES / (1024 * 1024)}MB`;
export const ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(',');

/** null when the file may be analyzed; otherwise the toast to show. */
export function validateUpload(file: { type: string; size: number }): UploadProblem | null {
  // The API decodes JPEG, PNG and WebP only; other images (HEIC, GIF, SVG) would fail later with a vaguer error.
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) {
    return { title: UPLOAD_MESSAGES.invalidFileTypeTitle, description: UPLOAD_MESSAGES.invalidFileType };
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return { title: UPLOAD_MESSAGES.fileTooLargeTitle, description: UPLOAD_MESSAGES.fileTooLarge };
  }
  return null;
}
