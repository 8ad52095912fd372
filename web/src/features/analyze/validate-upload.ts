import { SNIFF_BYTES, sniffImageType } from '#shared/image-type.ts';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '#shared/upload-messages.ts';
import { needsReencode, reencodeAsJpeg } from './shrink-image.ts';

export interface UploadProblem {
  title: string;
  description: string;
}

/** "5MB", from the one limit the client and the API share. */
export const MAX_UPLOAD_LABEL = `${MAX_UPLOAD_BYTES / (1024 * 1024)}MB`;
export const ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(',');

const isAccepted = (type: string) => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.toLowerCase());
const problem = (title: string, description: string): UploadProblem => ({ title, description });
const invalidType = () => problem(UPLOAD_MESSAGES.invalidFileTypeTitle, UPLOAD_MESSAGES.invalidFileType);

/** null when the file may be analyzed; otherwise the toast to show. */
export function validateUpload(file: { type: string; size: number }): UploadProblem | null {
  // The API decodes JPEG, PNG and WebP only; other images (HEIC, GIF, SVG) would fail later with a vaguer error.
  if (!isAccepted(file.type)) return invalidType();
  if (file.size > MAX_UPLOAD_BYTES) return problem(UPLOAD_MESSAGES.fileTooLargeTitle, UPLOAD_MESSAGES.fileTooLarge);
  return null;
}

export type PreparedUpload = { file: File } | { problem: UploadProblem };

/**
 * A chosen file made ready to send, or the reason it cannot be, at once and before any upload. The first bytes decide
 * what the file is (a text file renamed .jpg is not an image, whatever its name says); a large photo is shrunk here
 * (any size, before the 5 MB check); an image the API does not read (HEIC, GIF...) is converted to JPEG when this
 * browser can decode it (Safari reads HEIC), else a HEIC photo gets how to send a JPEG.
 */
export async function prepareUpload(file: File): Promise<PreparedUpload> {
  const sniffed = sniffImageType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (!sniffed) return { problem: invalidType() };
  if (isAccepted(sniffed) && !needsReencode(file)) {
    const typed =
      file.type === sniffed ? file : new File([file], file.name, { type: sniffed, lastModified: file.lastModified });
    return { file: typed };
  }
  const converted = await reencodeAsJpeg(file, MAX_UPLOAD_BYTES);
  if (converted) return { file: converted };
  if (sniffed === 'image/heic') return { problem: problem(UPLOAD_MESSAGES.heicTitle, UPLOAD_MESSAGES.heic) };
  if (!isAccepted(sniffed)) return { problem: invalidType() };
  // a browser that cannot re-encode: the file as it is, if the API takes its size
  const tooLarge = validateUpload({ type: sniffed, size: file.size });
  return tooLarge ? { problem: tooLarge } : { file };
}
