/** Browser storage keys. The spec names most of them; `pendingUpload*` and `pendingCrown*` are ours (the photos kept across the sign-in detour). */
export const LOCAL_KEYS = {
  cookieConsent: 'cookieConsent',
  cookieConsentDate: 'cookieConsentDate',
  lastAnalysisResult: 'lastAnalysisResult',
  lastRatingId: 'lastRatingId',
} as const;

export const SESSION_KEYS = {
  cameFromAnalyze: 'cameFromAnalyze',
  pendingCheckoutPackage: 'pendingCheckoutPackage',
  pendingHairlineId: 'pendingHairlineId',
  pendingUpgradeId: 'pendingUpgradeId',
  analyzeRedirectPending: 'analyzeRedirectPending',
  pendingUploadId: 'pendingUploadId',
  pendingUploadPreview: 'pendingUploadPreview',
  pendingUploadAt: 'pendingUploadAt',
  pendingCrownUploadId: 'pendingCrownUploadId',
  pendingCrownPreview: 'pendingCrownPreview',
  pendingCrownUploadAt: 'pendingCrownUploadAt',
  /** a crown photo was chosen before the detour but could not be kept: the user is told to choose it again */
  pendingCrownLost: 'pendingCrownLost',
  /** what the kept photo is of ('hairline' or 'crown'), as the panel's mode said */
  pendingPhotoOf: 'pendingPhotoOf',
  /** a friend's share id from /?challenge=<id>, kept across the sign-up, pricing and checkout detour */
  challengeShareId: 'challengeShareId',
} as const;

type Area = 'local' | 'session';

function area(kind: Area): Storage | undefined {
  // Storage access throws in some privacy modes; the app must keep working without it.
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readItem(kind: Area, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** false when the browser refused (quota, privacy mode) */
export function writeItem(kind: Area, key: string, value: string): boolean {
  try {
    area(kind)?.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(kind: Area, ...keys: string[]): void {
  for (const key of keys) {
    try {
      area(kind)?.removeItem(key);
    } catch {
      /* nothing to clean up */
    }
  }
}
