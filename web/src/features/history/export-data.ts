import { ROUTE } from '#shared/routes.ts';
import { request } from '#web/lib/call.ts';

export const EXPORT_FALLBACK_FILENAME = 'hairline-rater-export.json';

/** The filename of a content-disposition header (filename*=UTF-8''… or filename="…"), else null. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'[^']*')?"?([^";]+)"?/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  // a name, never a path
  return name ? name.replace(/[/\\]/g, '_') : null;
}

/** Saves a blob under a name through a temporary object URL and <a download>. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // give the browser a moment to start the download before the URL goes away
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /api/me/export with the bearer token, saved as the file the server names. Answers the filename. */
export async function downloadAccountExport(): Promise<string> {
  const res = await request(ROUTE.exportMe, {});
  const filename = filenameFromDisposition(res.headers.get('content-disposition')) ?? EXPORT_FALLBACK_FILENAME;
  saveBlob(await res.blob(), filename);
  return filename;
}
