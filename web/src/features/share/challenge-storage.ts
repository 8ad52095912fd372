import { readItem, removeItem, SESSION_KEYS, writeItem } from '#web/lib/storage-keys.ts';
import { isShareId } from '#shared/share-id.ts';
import { CHALLENGE_PARAM } from './share-links.ts';

/**
 * A challenge arrives as /?challenge=<shareId>. It is kept in sessionStorage so that it survives the detour through
 * sign-up, pricing and checkout (same tab), and offered as "Compare with <name>" once the visitor has a result.
 */
export function challengeFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get(CHALLENGE_PARAM);
  return isShareId(id) ? id : null;
}

export function readChallenge(): string | null {
  const id = readItem('session', SESSION_KEYS.challengeShareId);
  return isShareId(id) ? id : null;
}

export function saveChallenge(shareId: string): void {
  if (isShareId(shareId)) writeItem('session', SESSION_KEYS.challengeShareId, shareId);
}

export function clearChallenge(): void {
  removeItem('session', SESSION_KEYS.challengeShareId);
}

/** Stores a challenge found in the URL and answers the one in effect (URL first, then storage). */
export function captureChallenge(search: string): string | null {
  const fromUrl = challengeFromSearch(search);
  if (fromUrl) {
    saveChallenge(fromUrl);
    return fromUrl;
  }
  return readChallenge();
}
