/**
 * The unit tests mirror the source (docs/testing.md "Where a test goes"): the test of `X/Y/z.ts` is
 * `test/unit/X/Y/z.test.ts`, so a file's tests are found by its path. A test may also be named after a folder it covers
 * as a whole (`test/unit/lambdas/domain.test.ts`), and a module with a second test file names it `z.<aspect>.test.ts`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const UNIT = 'test/unit';

/** The only test files that name no source at their path, each with its reason. */
const NOT_MIRRORED: Readonly<Record<string, string>> = {
  'test/unit/test-layout.test.ts': 'this check: its subject is test/unit itself',
};

/** What a test file at `test/unit/<dir>/<name>[.<aspect>].test.ts(x)` is about: `<dir>/<name>`, a file or a folder. */
function subjectOf(testFile: string): { dir: string; name: string } {
  const rel = testFile.slice(UNIT.length + 1);
  return {
    dir: dirname(rel),
    name: basename(rel)
      .replace(/\.test\.tsx?$/, '')
      .split('.')[0]!,
  };
}

/** The test files whose subject names nothing in `dir` (listed by `entriesOf`), and that are not on the list above. */
function misplacedTests(
  testFiles: readonly string[],
  entriesOf: (dir: string) => readonly string[],
  allowed: Readonly<Record<string, string>> = NOT_MIRRORED,
): string[] {
  return testFiles.filter((file) => {
    if (file in allowed) return false;
    const { dir, name } = subjectOf(file);
    return !entriesOf(dir).some((entry) => entry === name || entry.startsWith(`${name}.`));
  });
}

const sourceEntries = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

const unitTests = readdirSync(UNIT, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => join(UNIT, file))
  .sort();

describe('the unit tests mirror the source', () => {
  it('every unit test names an existing source file or folder at its own path', () => {
    expect(unitTests.length).toBeGreaterThan(100);
    expect(misplacedTests(unitTests, sourceEntries)).toEqual([]);
  });

  it('every exception on the list is a test file that still exists', () => {
    expect(Object.keys(NOT_MIRRORED).filter((file) => !unitTests.includes(file))).toEqual([]);
  });

  it('finds a test away from its source, and takes a file, a folder or a second aspect of a file', () => {
    const tree: Record<string, string[]> = { 'lambdas/http': ['handle.ts', 'errors.ts'], lambdas: ['http', 'domain'] };
    const entries = (dir: string) => tree[dir] ?? [];
    const tests = [
      'test/unit/lambdas/http/handle.test.ts',
      'test/unit/lambdas/http/errors.table.test.ts',
      'test/unit/lambdas/http.test.ts',
      'test/unit/api/handle.test.ts',
      'test/unit/lambdas/http/handler.test.ts',
      'test/unit/lambdas/domain/ledger.test.ts',
    ];
    expect(misplacedTests(tests, entries, {})).toEqual([
      'test/unit/api/handle.test.ts',
      'test/unit/lambdas/http/handler.test.ts',
      'test/unit/lambdas/domain/ledger.test.ts',
    ]);
  });
});
