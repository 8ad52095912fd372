/**
 * multipart/form-data parsing with busboy. The per-file limit is enforced while the parts stream by:
 * the first byte past the limit rejects with 413 and the rest is not buffered. A name sent twice (two files, two
 * fields, or one of each) is a 400 naming it: which of the two was meant cannot be guessed.
 */
import busboy from 'busboy';
import { MAX_UPLOAD_BYTES } from '#shared/messages.ts';
import { API_MESSAGES } from '../domain/messages.ts';
import { badRequest, payloadTooLarge } from './errors.ts';

export interface FilePart {
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: FilePart[];
}

export interface MultipartLimits {
  maxFileBytes?: number;
  maxFiles?: number;
  maxFields?: number;
  maxFieldBytes?: number;
}

/** Slack for the multipart envelope (boundaries, part headers, small fields) on top of the file limit. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export function parseMultipart(
  body: Buffer,
  contentType: string,
  limits: MultipartLimits = {},
): Promise<MultipartForm> {
  const maxFileBytes = limits.maxFileBytes ?? MAX_UPLOAD_BYTES;
  const maxFiles = limits.maxFiles ?? 2;
  const maxFields = limits.maxFields ?? 10;
  const maxFieldBytes = limits.maxFieldBytes ?? 4096;
  if (body.length > maxFileBytes * maxFiles + MULTIPART_OVERHEAD_BYTES)
    return Promise.reject(payloadTooLarge(API_MESSAGES.fileTooLarge));

  return new Promise<MultipartForm>((resolve, reject) => {
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: { 'content-type': contentType },
        limits: {
          // busboy reports the limit once a file reaches fileSize bytes; a file of exactly maxFileBytes is allowed
          fileSize: maxFileBytes + 1,
          // one more than allowed, so a repeated name is reported as such rather than as one file too many
          files: maxFiles + 1,
          fields: maxFields,
          fieldSize: maxFieldBytes,
          parts: maxFiles + maxFields,
        },
      });
    } catch {
      fail(badRequest(API_MESSAGES.malformedMultipart));
      return;
    }
    const form: MultipartForm = { fields: {}, files: [] };
    const pending: Promise<void>[] = [];
    const names = new Set<string>();
    const once = (name: string): boolean => {
      if (names.has(name)) fail(badRequest(API_MESSAGES.repeatedField(name)));
      names.add(name);
      return !settled;
    };
    let fileCount = 0;

    bb.on('file', (field, stream, info) => {
      if (!once(field)) return void stream.resume();
      if (++fileCount > maxFiles) {
        stream.resume();
        return fail(badRequest(`Too many files (at most ${maxFiles})`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      pending.push(
        new Promise<void>((done) => {
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            chunks.push(chunk);
          });
          stream.on('limit', () => {
            chunks.length = 0;
            stream.resume();
            fail(payloadTooLarge(API_MESSAGES.fileTooLarge));
          });
          stream.on('error', (e: Error) => fail(badRequest(`${API_MESSAGES.malformedMultipart}: ${e.message}`)));
          stream.on('close', () => {
            form.files.push({
              field,
              filename: info.filename ?? '',
              mimeType: (info.mimeType ?? 'application/octet-stream').toLowerCase(),
              data: Buffer.concat(chunks, size),
            });
            done();
          });
        }),
      );
    });
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(badRequest(`Form field "${name}" is too long`));
      if (once(name)) form.fields[name] = value;
    });
    bb.on('filesLimit', () => fail(badRequest(`Too many files (at most ${maxFiles})`)));
    bb.on('fieldsLimit', () => fail(badRequest(`Too many form fields (at most ${maxFields})`)));
    bb.on('partsLimit', () => fail(badRequest('Too many form parts')));
    bb.on('error', (e: Error) => fail(badRequest(`${API_MESSAGES.malformedMultipart}: ${e.message}`)));
    bb.on('close', () => {
      void Promise.all(pending).then(() => {
        if (settled) return;
        settled = true;
        resolve(form);
      });
    });
    bb.end(body);
  });
}
