/**
 * `npm start` serves the production build (every page prerendered, on screen at its first visit: the dev server
 * compiled each module on first request, leaving pages blank for seconds). It builds `dist/web` only when a source the
 * build reads is newer than the build, so a second start is as quick as before.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** what the web build reads: a change to any of these makes dist/web stale */
const SOURCES = ['web', 'shared', 'package-lock.json', 'tsconfig.web.json'];
const SKIP = new Set(['node_modules', 'dist', '.git']);

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (!SKIP.has(entry)) newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function webBuildIsStale(root: string, distIndex = join(root, 'dist', 'web', 'index.html')): boolean {
  if (!existsSync(distIndex)) return true;
  const built = statSync(distIndex).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > built);
}

/** Builds dist/web (prerendered pages included) when it is missing or older than its sources; true when it built. */
export function buildWebIfStale(root: string): boolean {
  if (!webBuildIsStale(root)) return false;
  console.log('building the web app (dist/web): sources changed since the last build...');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  return true;
}
