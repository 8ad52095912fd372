import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '#infra/local/stack.ts';

/** The production build of the web app with its prerendered pages (`npm run build:web`), into a folder of its own. */
export async function buildWeb(outDir: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'web/vite.config.ts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
}
