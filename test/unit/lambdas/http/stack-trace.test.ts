/** Stack traces of a bundle, mapped back to the TypeScript sources through the map beside it (no --enable-source-maps). */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { originalStack } from '#lambdas/http/stack-trace.ts';
import { tempDirs } from '#test/support/temp-dirs.ts';

const tempDir = tempDirs('stack-trace-');

describe('originalStack', () => {
  it('maps the frames of a minified bundle to source lines; other frames stay as they are', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'fail.ts'),
      [
        'export function fail(): never {',
        '  const reason: string = "boom";',
        '  throw new Error(reason);',
        '}',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'entry.ts'),
      [
        "import { fail } from './fail.ts';",
        'try {',
        '  fail();',
        '} catch (e) {',
        '  console.log((e as Error).stack);',
        '}',
        '',
      ].join('\n'),
    );
    await build({
      entryPoints: [join(dir, 'entry.ts')],
      bundle: true,
      minify: true,
      sourcemap: true,
      format: 'esm',
      platform: 'node',
      outfile: join(dir, 'out', 'index.mjs'),
      logLevel: 'silent',
    });
    const stack = execFileSync(process.execPath, [join(dir, 'out', 'index.mjs')], { encoding: 'utf8' }).trim();
    expect(stack).toMatch(/index\.mjs:1:\d+/);
    const mapped = originalStack(stack);
    expect(mapped.split('\n')[0]).toBe('Error: boom');
    expect(mapped).toMatch(/fail\.ts:3:\d+/);
    expect(mapped).toMatch(/entry\.ts:3:\d+/);
    expect(mapped).not.toMatch(/index\.mjs/);
    expect(originalStack('Error: x\n    at run (node:internal/main:1:1)\n    at /no/map/here.mjs:2:3')).toBe(
      'Error: x\n    at run (node:internal/main:1:1)\n    at /no/map/here.mjs:2:3',
    );
  });
});
