/**
 * The analysis bundle's prune (infra/constructs/analysis-bundle.ts), run as the CDK runs its afterBundling hook, on a
 * bundle-shaped folder holding (hard links to) this repository's installed packages.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_PACKAGE_FILES, pruneAnalysisBundle, UNLOADED_PACKAGES } from '#infra/constructs/analysis-bundle.ts';

const NODE_MODULES = fileURLToPath(new URL('../../../../node_modules/', import.meta.url));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

describe('the analysis bundle keeps only the files the function loads', () => {
  let bundle: string;
  let sharpFiles: string[];

  beforeAll(() => {
    bundle = mkdtempSync(path.join(tmpdir(), 'analysis-bundle-'));
    const modules = path.join(bundle, 'node_modules');
    // hard links: the prune deletes links in the copy, never the installed files
    for (const pkg of [...Object.keys(ANALYSIS_PACKAGE_FILES), 'sharp']) {
      mkdirSync(path.dirname(path.join(modules, pkg)), { recursive: true });
      execFileSync('cp', ['-al', path.join(NODE_MODULES, pkg), path.join(modules, pkg)]);
    }
    for (const pkg of UNLOADED_PACKAGES) {
      mkdirSync(path.join(modules, pkg), { recursive: true });
      writeFileSync(path.join(modules, pkg, 'index.js'), '');
    }
    mkdirSync(path.join(modules, '.bin'));
    for (const file of ['package-lock.json', 'node_modules/.package-lock.json', 'package.json']) {
      writeFileSync(path.join(bundle, file), '{}');
    }
    sharpFiles = filesUnder(path.join(modules, 'sharp'));
    execFileSync('bash', ['-c', pruneAnalysisBundle(bundle).join(' && ')]);
  });

  afterAll(() => rmSync(bundle, { recursive: true, force: true }));

  it('names only files the installed packages have (a renamed build fails here, not in AWS)', () => {
    for (const [pkg, files] of Object.entries(ANALYSIS_PACKAGE_FILES)) {
      for (const file of files) expect(existsSync(path.join(NODE_MODULES, pkg, file)), `${pkg}/${file}`).toBe(true);
    }
  });

  it('leaves exactly the listed files of human and tfjs: no other build, source map, source, demo or model', () => {
    for (const [pkg, files] of Object.entries(ANALYSIS_PACKAGE_FILES)) {
      expect(filesUnder(path.join(bundle, 'node_modules', pkg)), pkg).toEqual([...files].sort());
    }
  });

  it("removes the dependencies that are never loaded and npm's own files, and leaves sharp whole", () => {
    for (const pkg of [...UNLOADED_PACKAGES, '.bin', '.package-lock.json']) {
      expect(existsSync(path.join(bundle, 'node_modules', pkg)), pkg).toBe(false);
    }
    expect(existsSync(path.join(bundle, 'package-lock.json'))).toBe(false);
    expect(existsSync(path.join(bundle, 'package.json'))).toBe(true);
    expect(filesUnder(path.join(bundle, 'node_modules', 'sharp'))).toEqual(sharpFiles);
  });
});
