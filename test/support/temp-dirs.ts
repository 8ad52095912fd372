/**
 * Temporary folders for one test file, removed when its tests are done: a test run leaves nothing behind in the
 * system's temp folder (a CDK app writes its cloud assembly, the staged Lambda code and models, 22 MB a synth).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** a function making a new empty folder named `prefix…` at each call; every one is removed after the file's tests */
export function tempDirs(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
