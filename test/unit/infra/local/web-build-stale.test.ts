import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webBuildIsStale } from '#infra/local/web-build-stale.ts';
import { tempDirs } from '#test/support/temp-dirs.ts';

const tempDir = tempDirs('web-build-stale-');

describe('npm start builds the web app only when its sources are newer than the build', () => {
  it('missing build: stale; built after the sources: fresh; a source edited later: stale', () => {
    const root = tempDir();
    mkdirSync(join(root, 'web/src'), { recursive: true });
    mkdirSync(join(root, 'shared'), { recursive: true });
    writeFileSync(join(root, 'web/src/App.tsx'), 'x');
    writeFileSync(join(root, 'shared/a.ts'), 'x');
    const old = new Date(Date.now() - 60_000);
    for (const p of ['web/src/App.tsx', 'web/src', 'web', 'shared/a.ts', 'shared']) utimesSync(join(root, p), old, old);
    expect(webBuildIsStale(root)).toBe(true);
    mkdirSync(join(root, 'dist/web'), { recursive: true });
    writeFileSync(join(root, 'dist/web/index.html'), '<html>');
    expect(webBuildIsStale(root)).toBe(false);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'shared/a.ts'), later, later);
    expect(webBuildIsStale(root)).toBe(true);
  });
});
