import type { RuntimeConfig } from '#shared/schemas.ts';

export type { RuntimeConfig };

let pending: Promise<RuntimeConfig> | undefined;

/**
 * One build runs locally and behind CloudFront, so pool ids and endpoints come from /runtime-config.json.
 * zod is loaded with it rather than in the first-paint bundle.
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= (async () => {
    const [res, { RuntimeConfigSchema }] = await Promise.all([
      fetch('/runtime-config.json', { credentials: 'same-origin', headers: { accept: 'application/json' } }),
      import('#shared/schemas.ts'),
    ]);
    if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
    return RuntimeConfigSchema.parse(await res.json());
  })();
  pending.catch(() => {
    // let a later call try again (e.g. the local stack was still writing the file)
    pending = undefined;
  });
  return pending;
}

/** the runtime apiBase; '' (same origin) when the config cannot be read */
export async function apiBase(): Promise<string> {
  try {
    return (await loadRuntimeConfig()).apiBase;
  } catch {
    return '';
  }
}
