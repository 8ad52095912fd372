/**
 * The models step (infra/models/models-step.ts) on temp folders and a manifest of its own: the mirror, the cache, a download
 * from a server on 127.0.0.1, and the one line that stops it. No test here reaches the network.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureModels, missingModels, ModelStepError } from '#infra/models/models-step.ts';
import { MODEL_FILES, type ModelFile } from '#shared/model-files.ts';

const BYTES = Buffer.from('a model file, small enough for a test\n');
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let served: Buffer = BYTES;
let requests = 0;
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((_req, res) => {
    requests++;
    res.end(served);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let dir: string;
let cacheDir: string;
let mirrorDir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'models-step-'));
  cacheDir = path.join(dir, 'cache');
  mirrorDir = path.join(dir, 'mirror');
  served = BYTES;
  requests = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const model = (url = `${base}/m.bin`): ModelFile => ({
  name: 'test-model',
  file: 'm.bin',
  url,
  sha256: sha256(BYTES),
  bytes: BYTES.length,
  licence: 'test',
  provenance: 'test',
  usedBy: 'test',
});
const inMirror = (bytes: Uint8Array) => {
  mkdirSync(path.join(mirrorDir, 'test-model'), { recursive: true });
  writeFileSync(path.join(mirrorDir, 'test-model', 'm.bin'), bytes);
};
const cached = () => path.join(cacheDir, 'test-model', 'm.bin');
const run = (m = model()) => ensureModels({ cacheDir, mirrorDir, models: [m], downloadTimeoutMs: 10_000 });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('the step should have stopped'),
    (e: unknown) => {
      expect(e).toBeInstanceOf(ModelStepError);
      const message = (e as Error).message;
      expect(message.split('\n')).toHaveLength(1);
      return message;
    },
  );

describe('npm run models', () => {
  it('places a file from the mirror, hash checked, without downloading', async () => {
    inMirror(BYTES);
    expect(missingModels(cacheDir, [model()])).toHaveLength(1);
    expect((await run()).map((r) => r.placement)).toEqual(['mirror']);
    expect(readFileSync(cached())).toEqual(BYTES);
    expect(missingModels(cacheDir, [model()])).toEqual([]);
    expect(requests).toBe(0);
  });

  it('leaves a file already in the cache with the right hash alone', async () => {
    inMirror(BYTES);
    await run();
    const before = statSync(cached()).mtimeMs;
    rmSync(mirrorDir, { recursive: true });
    expect((await run()).map((r) => r.placement)).toEqual(['cached']);
    expect(statSync(cached()).mtimeMs).toBe(before);
    expect(requests).toBe(0);
  });

  it('refuses a mirror file with the wrong hash in one line naming it, and places nothing', async () => {
    inMirror(Buffer.from('not the model'));
    const message = await failure(run());
    expect(message).toContain(path.join(mirrorDir, 'test-model', 'm.bin'));
    expect(message).toContain(sha256(BYTES));
    expect(message).toMatch(/MODELS_DIR/);
    expect(missingModels(cacheDir, [model()])).toHaveLength(1);
  });

  it('downloads from the URL when the mirror lacks the file, and replaces a damaged cached copy', async () => {
    mkdirSync(path.dirname(cached()), { recursive: true });
    writeFileSync(cached(), Buffer.alloc(BYTES.length));
    expect((await run()).map((r) => r.placement)).toEqual(['downloaded']);
    expect(readFileSync(cached())).toEqual(BYTES);
    expect(requests).toBe(1);
  });

  it('refuses a downloaded file with the wrong hash', async () => {
    served = Buffer.from('a tampered download');
    const message = await failure(run());
    expect(message).toContain(model().url);
    expect(message).toContain('nothing was placed');
    expect(missingModels(cacheDir, [model()])).toHaveLength(1);
  });

  it('with no mirror and an unreachable URL, stops with one line: the file, where it looked, what to do', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const message = await failure(run(model(`http://127.0.0.1:${port}/m.bin`)));
    expect(message).toContain('m.bin');
    expect(message).toContain(path.join(mirrorDir, 'test-model', 'm.bin'));
    expect(message).toContain(`127.0.0.1:${port}`);
    expect(message).toContain('ECONNREFUSED');
    expect(message).toContain('npm run models');
  });

  it('the command prints that one line and exits 2 (a wrong-hash mirror of the real manifest)', () => {
    const [hair] = MODEL_FILES;
    mkdirSync(path.join(mirrorDir, hair.name), { recursive: true });
    writeFileSync(path.join(mirrorDir, hair.name, hair.file), 'not the model');
    const out = spawnSync(process.execPath, ['--import', 'tsx', 'infra/models/place-models.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../../..'),
      env: { ...process.env, MODELS_DIR: mirrorDir, MODEL_CACHE_DIR: cacheDir },
      encoding: 'utf8',
    });
    expect(out.status).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
    expect(out.stderr).toContain(`${hair.file} has SHA-256`);
    // a process of its own (node + tsx): slow to start on a loaded machine
  }, 60_000);
});
