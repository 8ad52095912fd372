/**
 * Paging the owner's history: `?limit=` and the cursor, an opaque base64url of the last item's key (id, owner, time),
 * bound to its owner so one user's cursor never reads another's ratings.
 */
import { invalidInput } from './errors.ts';
import { API_MESSAGES } from './messages.ts';

/** The key a page of the owner's ratings ends at (and the next one starts after). */
export interface RatingsCursorKey {
  id: string;
  userId: string;
  createdAt: string;
}

export function encodeCursor(key: RatingsCursorKey): string {
  return Buffer.from(JSON.stringify({ id: key.id, userId: key.userId, createdAt: key.createdAt }), 'utf8').toString(
    'base64url',
  );
}

/** Decodes a cursor made by encodeCursor for this user; anything else is invalid input. */
export function decodeCursor(cursor: string, userId: string): RatingsCursorKey {
  const invalid = () => invalidInput(API_MESSAGES.invalidCursor);
  if (cursor.length === 0 || cursor.length > 1024 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid();
  const o = parsed as Record<string, unknown>;
  const keys = Object.keys(o).sort().join(',');
  if (keys !== 'createdAt,id,userId') throw invalid();
  if (typeof o.id !== 'string' || typeof o.userId !== 'string' || typeof o.createdAt !== 'string') throw invalid();
  if (!o.id || !o.createdAt || o.userId !== userId) throw invalid();
  return { id: o.id, userId: o.userId, createdAt: o.createdAt };
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;

/** Parses `?limit=`: absent → 20; an integer 1..50; anything else is invalid input. */
export function parseLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_PAGE_SIZE;
  if (!/^\d{1,3}$/.test(raw)) throw invalidInput(`limit must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  const n = Number(raw);
  if (n < 1 || n > MAX_PAGE_SIZE) throw invalidInput(`limit must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  return n;
}
