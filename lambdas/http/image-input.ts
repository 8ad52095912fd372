/**
 * The photo of an upload or analyze request: multipart field `image`, or (analyze only) an `uploadId`
 * given as a multipart field or in a JSON body. Checks type (415), size (413) and presence (400) before any work.
 */
import * as z from 'zod/mini';
import { sniffImageType } from '#shared/image-type.ts';
import { PhotoSubjectSchema, type PhotoSubject } from '#shared/schemas.ts';
import { MAX_UPLOAD_BYTES } from '#shared/messages.ts';
import { API_MESSAGES } from '../domain/messages.ts';
import { header, jsonBody, mediaType, rawBody } from './body.ts';
import { badRequest, payloadTooLarge, unsupportedMediaType } from './errors.ts';
import { parseMultipart, type FilePart } from './multipart.ts';
import type { ApiEvent } from './types.ts';
import { parseWith } from './validate.ts';

export type ImageInput = { kind: 'image'; bytes: Buffer; mimeType: string } | { kind: 'upload'; uploadId: string };

const isImageMime = (mime: string) => mime.startsWith('image/');

/** Validates one image file: empty → 400, too big → 413, not an image by declared type (image/*) or by content → 415. */
export function checkImageFile(data: Uint8Array, declaredMime: string): { bytes: Buffer; mimeType: string } {
  if (data.length === 0) throw badRequest(API_MESSAGES.emptyImage);
  if (data.length > MAX_UPLOAD_BYTES) throw payloadTooLarge(API_MESSAGES.fileTooLarge);
  const mime = mediaType(declaredMime);
  if (!isImageMime(mime)) throw unsupportedMediaType(API_MESSAGES.invalidFileType);
  const sniffed = sniffImageType(data);
  if (!sniffed) throw unsupportedMediaType(API_MESSAGES.invalidFileType);
  return { bytes: Buffer.from(data.buffer, data.byteOffset, data.byteLength), mimeType: sniffed };
}

const UploadIdBody = z.object({ uploadId: z.string().check(z.minLength(1), z.maxLength(256)) });
const AnalyzeUploadsBody = z.object({
  uploadId: z.string().check(z.minLength(1), z.maxLength(256)),
  crownUploadId: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  photoOf: z.optional(PhotoSubjectSchema),
});
const PhotoOfField = z.object({ photoOf: z.optional(PhotoSubjectSchema) });

/**
 * The photos of an analyze request: the face photo (`image` / `uploadId`) and, optionally, a crown photo (`crown` /
 * `crownUploadId`), and what the user said the first photo is of (`photoOf`: 'hairline' or 'crown'; absent from older
 * clients).
 */
export interface AnalyzeInputs {
  image: ImageInput;
  crown?: ImageInput;
  photoOf?: PhotoSubject;
}

const withPhotoOf = (inputs: Omit<AnalyzeInputs, 'photoOf'>, photoOf: PhotoSubject | undefined): AnalyzeInputs =>
  photoOf ? { ...inputs, photoOf } : inputs;

/**
 * POST /api/analyze-hairline: everything readImageInput accepts for the face photo, plus an optional crown photo as a
 * multipart file field `crown` or an earlier upload (`crownUploadId`, a multipart field or a JSON key).
 */
export async function readAnalyzeInputs(
  event: Pick<ApiEvent, 'body' | 'isBase64Encoded' | 'headers'>,
): Promise<AnalyzeInputs> {
  const contentType = header(event, 'content-type');
  const type = mediaType(contentType);
  if (type === 'multipart/form-data') {
    const form = await parseMultipart(rawBody(event), contentType!, { maxFiles: 2 });
    const file = (field: string) => form.files.find((f) => f.field === field);
    const other = form.files.find((f) => f.field !== 'image' && f.field !== 'crown');
    const imageFile = file('image');
    if (other) {
      throw badRequest(
        imageFile
          ? `Unexpected file in field "${other.field}" (the fields are "image" and "crown")`
          : `${API_MESSAGES.missingImage}; got a file in field "${other.field}"`,
      );
    }
    const image: ImageInput | undefined = imageFile
      ? { kind: 'image', ...checkImageFile(imageFile.data, imageFile.mimeType) }
      : form.fields.uploadId
        ? { kind: 'upload', uploadId: form.fields.uploadId }
        : undefined;
    if (!image) throw badRequest(API_MESSAGES.missingImage);
    const { photoOf } = parseWith(PhotoOfField, { photoOf: form.fields.photoOf });
    const crownFile = file('crown');
    const crown: ImageInput | undefined = crownFile
      ? { kind: 'image', ...checkImageFile(crownFile.data, crownFile.mimeType) }
      : form.fields.crownUploadId
        ? { kind: 'upload', uploadId: form.fields.crownUploadId }
        : undefined;
    return withPhotoOf(crown ? { image, crown } : { image }, photoOf);
  }
  if (type === 'application/json' || (type === '' && (event.body ?? '') !== '')) {
    const body = parseWith(AnalyzeUploadsBody, jsonBody({ ...event, headers: {} }));
    const image: ImageInput = { kind: 'upload', uploadId: body.uploadId };
    const crown: ImageInput | undefined = body.crownUploadId
      ? { kind: 'upload', uploadId: body.crownUploadId }
      : undefined;
    return withPhotoOf(crown ? { image, crown } : { image }, body.photoOf);
  }
  return { image: await readImageInput(event, { allowUploadId: true }) };
}

export async function readImageInput(
  event: Pick<ApiEvent, 'body' | 'isBase64Encoded' | 'headers'>,
  opts: { allowUploadId: boolean },
): Promise<ImageInput> {
  const contentType = header(event, 'content-type');
  const type = mediaType(contentType);

  if (type === 'multipart/form-data') {
    const form = await parseMultipart(rawBody(event), contentType!, { maxFiles: 1 });
    const file: FilePart | undefined = form.files.find((f) => f.field === 'image');
    if (file) return { kind: 'image', ...checkImageFile(file.data, file.mimeType) };
    const other = form.files[0];
    if (other) throw badRequest(`${API_MESSAGES.missingImage}; got a file in field "${other.field}"`);
    if (opts.allowUploadId && form.fields.uploadId) return { kind: 'upload', uploadId: form.fields.uploadId };
    throw badRequest(API_MESSAGES.missingImage);
  }
  if (opts.allowUploadId && (type === 'application/json' || (type === '' && (event.body ?? '') !== ''))) {
    const { uploadId } = parseWith(UploadIdBody, jsonBody({ ...event, headers: {} }));
    return { kind: 'upload', uploadId };
  }
  if (isImageMime(type)) {
    // a raw image body (curl --data-binary @photo.jpg -H 'content-type: image/jpeg')
    const body = rawBody(event);
    if (body.length === 0) throw badRequest(API_MESSAGES.missingImage);
    return { kind: 'image', ...checkImageFile(body, type) };
  }
  if (type === '' && (event.body ?? '') === '') throw badRequest(API_MESSAGES.missingImage);
  throw unsupportedMediaType(API_MESSAGES.invalidFileType);
}
