/**
 * The SPA shell (index.html) the share pages are built from: fetched from `${SITE_URL}/index.html` (CloudFront in AWS,
 * the Vite server locally) once per cold start and cached; a failed fetch is retried by the next request.
 */
import { logger } from '../logging.ts';
import type { Env } from '../config/env.ts';

export type ShellSource = () => Promise<string | undefined>;

export function createShellSource(
  siteUrl: string,
  opts: { fetch?: typeof fetch; timeoutMs?: number } = {},
): ShellSource {
  const doFetch = opts.fetch ?? fetch;
  const url = `${siteUrl.replace(/\/+$/, '')}/index.html`;
  let cached: string | undefined;
  return async () => {
    if (cached !== undefined) return cached;
    try {
      const res = await doFetch(url, {
        headers: { accept: 'text/html' },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 3000),
      });
      const text = await res.text();
      if (!res.ok || !/<html[\s>]/i.test(text)) throw new Error(`${url}: ${res.status}`);
      cached = text;
      return cached;
    } catch (err) {
      logger.warn('SPA shell not fetched; serving the fallback page', { url, error: String(err) });
      return undefined;
    }
  };
}

let shell: ShellSource | undefined;
/** The process-wide shell source. */
export function defaultShellSource(env: Pick<Env, 'SITE_URL'>): ShellSource {
  shell ??= createShellSource(env.SITE_URL);
  return shell;
}
