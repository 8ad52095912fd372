/** Links people send each other. Share pages live at /r/<id> (served with Open Graph tags); challenges on the home page. */
export const CHALLENGE_PARAM = 'challenge';

export function shareLink(origin: string, shareId: string): string {
  return `${origin}/r/${encodeURIComponent(shareId)}`;
}

export function challengeLink(origin: string, shareId: string): string {
  return `${origin}/?${CHALLENGE_PARAM}=${encodeURIComponent(shareId)}`;
}

export function compareLink(a: string, b: string): string {
  return `/compare?${new URLSearchParams({ a, b }).toString()}`;
}

/**
 * Copies text with the Clipboard API; without it (insecure origin, denied permission) selects the text in `fallback`
 * so the user can copy it themselves. Answers whether the text is on the clipboard.
 */
export async function copyText(text: string, fallback?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall back to selecting the text */
  }
  if (fallback) {
    fallback.focus();
    fallback.select();
    try {
      // deprecated, but still the only synchronous way without the Clipboard API
      return document.execCommand?.('copy') ?? false;
    } catch {
      return false;
    }
  }
  return false;
}
