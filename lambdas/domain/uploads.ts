/**
 * Short-lived uploads (photo chosen before sign-in): stored normalized, unguessable id, 1 hour TTL, per-IP rate limit.
 * TTL deletion is lazy, so every read checks expiresAt itself.
 */
import { MINUTE_MS, countInWindow } from './counters.ts';
import { randomBytes } from 'node:crypto';
import { UPLOAD_TTL_SECONDS } from '#shared/messages.ts';
import { notFound, rateLimited } from './errors.ts';
import { asBytes } from './bytes.ts';
import { systemClock, type Clock, type Db } from './db.ts';
import { fitJpeg } from './images.ts';
import { API_MESSAGES } from './messages.ts';

/** Stored uploads stay well under DynamoDB's 400 KB item limit. */
export const MAX_STORED_UPLOAD_BYTES = 350 * 1024;
const UPLOAD_ID = /^[A-Za-z0-9_-]{43}$/;

export interface UploadsDeps {
  db: Db;
  clock?: Clock;
  /** photo bytes → normalized JPEG (the analysis engine's normalizePhoto) */
  normalize: (bytes: Uint8Array) => Promise<{ jpeg: Uint8Array; width: number; height: number }>;
  rateLimitPerMinute: number;
}

export const newUploadId = () => randomBytes(32).toString('base64url');
export const isUploadId = (id: string) => UPLOAD_ID.test(id);
const epochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Counts one upload for the client in the current minute; rate-limited above the limit. */
export async function countUpload(
  deps: Pick<UploadsDeps, 'db' | 'clock' | 'rateLimitPerMinute'>,
  clientIp: string,
): Promise<number> {
  const count = await countInWindow(deps, `rate#${clientIp || 'unknown'}`, MINUTE_MS);
  if (count > deps.rateLimitPerMinute) throw rateLimited(API_MESSAGES.tooManyUploads);
  return count;
}

/** Normalizes and stores a photo for one hour; returns its id. */
export async function storeUpload(deps: UploadsDeps, bytes: Uint8Array): Promise<{ id: string; expiresAt: number }> {
  const now = (deps.clock ?? systemClock).now();
  const normalized = await deps.normalize(bytes);
  const jpeg = await fitJpeg(normalized.jpeg, MAX_STORED_UPLOAD_BYTES);
  const id = newUploadId();
  const expiresAt = epochSeconds(now) + UPLOAD_TTL_SECONDS;
  await deps.db.uploads.put({ id, kind: 'upload', jpeg, createdAt: now.toISOString(), expiresAt });
  return { id, expiresAt };
}

/** The stored JPEG of a live upload; unknown, malformed or expired ids are the same not-found. */
export async function readUpload(deps: Pick<UploadsDeps, 'db' | 'clock'>, id: string): Promise<Uint8Array> {
  const gone = () => notFound(API_MESSAGES.uploadNotFound);
  if (!isUploadId(id)) throw gone();
  const item = await deps.db.uploads.get(id);
  const now = epochSeconds((deps.clock ?? systemClock).now());
  const jpeg = asBytes(item?.jpeg);
  if (!item || item.kind !== 'upload' || !jpeg || typeof item.expiresAt !== 'number' || item.expiresAt <= now)
    throw gone();
  return jpeg;
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.uploads.delete(id);
}
