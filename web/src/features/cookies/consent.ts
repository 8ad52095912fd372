import { LOCAL_KEYS, readItem, writeItem } from '#web/lib/storage-keys.ts';

export type Consent = 'accepted' | 'rejected';

export const BANNER_DELAY_MS = 1000;
export const BANNER_FADE_MS = 300;

export function readConsent(): Consent | null {
  const value = readItem('local', LOCAL_KEYS.cookieConsent);
  return value === 'accepted' || value === 'rejected' ? value : null;
}

export function storeConsent(choice: Consent, now = new Date()): void {
  writeItem('local', LOCAL_KEYS.cookieConsent, choice);
  writeItem('local', LOCAL_KEYS.cookieConsentDate, now.toISOString());
}
