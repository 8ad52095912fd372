import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * The production build of the web app with its prerendered pages (`npm run build:web`) of the repository at `root`,
 * into a folder of its own.
 */
export async function buildWeb(root: string, outDir: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'web/vite.config.ts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
}
