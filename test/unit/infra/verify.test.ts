/** The pure parts of `npm run verify:bundles` (the run itself is a separate command: it synthesizes and emulates). */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { functionAssets, inspectAsset, zippedSize } from '#infra/verify/assets.ts';
import { cardHasText, cardTextCheck, resultDifferences, withoutText, type RawImage } from '#infra/verify/compare.ts';
import { elfArch, unloadableByRuntime } from '#infra/verify/elf.ts';
import { localFunctionEnv } from '#infra/verify/lambda-env.ts';
import { bundledModelProblems } from '#infra/verify/model-files.ts';
import type { ModelFile } from '#shared/model-files.ts';
import { sandboxCommand } from '#infra/verify/sandbox.ts';
import { assetRows, judgeRow, LAMBDA_LIMITS, sizeTable, type AssetRow } from '#infra/verify/size-report.ts';
import { tempDirs } from '#test/support/temp-dirs.ts';

const tempDir = tempDirs('verify-bundles-');

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The first 20 bytes of a 64-bit little-endian ELF file for the given e_machine. */
function elfHeader(machine: number, bigEndian = false): Uint8Array {
  const h = new Uint8Array(64);
  h.set([0x7f, 0x45, 0x4c, 0x46, 2, bigEndian ? 2 : 1, 1]);
  if (bigEndian) {
    h[18] = machine >> 8;
    h[19] = machine & 0xff;
  } else {
    h[18] = machine & 0xff;
    h[19] = machine >> 8;
  }
  return h;
}

/** A minimal zip (deflated entries, as the CDK CLI writes them) to read back. */
function zip(entries: { name: string; data: Uint8Array }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name);
    const deflated = deflateRawSync(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, deflated);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + deflated.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

describe('ELF architecture', () => {
  it('reads e_machine in either byte order', () => {
    expect(elfArch(elfHeader(183))).toBe('arm64');
    expect(elfArch(elfHeader(62))).toBe('x86_64');
    expect(elfArch(elfHeader(183, true))).toBe('arm64');
    expect(elfArch(elfHeader(243))).toBe('e_machine 243');
    expect(elfArch(new TextEncoder().encode('#!/usr/bin/env node\nconsole.log(1)'))).toBeUndefined();
    expect(elfArch(new Uint8Array([0x7f, 0x45, 0x4c]))).toBeUndefined();
  });

  it("reads the host's own sharp binary as this machine's architecture", () => {
    const dir = path.join(ROOT, 'node_modules/@img', `sharp-linux-${process.arch}`, 'lib');
    const binary = readdirSync(dir).find((f) => f.endsWith('.node'))!;
    expect(elfArch(readFileSync(path.join(dir, binary)).subarray(0, 20))).toBe(
      process.arch === 'x64' ? 'x86_64' : process.arch,
    );
  });

  it('ignores CPython extensions only for another interpreter version', () => {
    expect(unloadableByRuntime('awscli/yaml/_yaml.cpython-311-x86_64-linux-gnu.so', 'python3.13')).toBe(true);
    expect(unloadableByRuntime('awscli/yaml/_yaml.cpython-313-x86_64-linux-gnu.so', 'python3.13')).toBe(false);
    expect(unloadableByRuntime('lib/sharp-linux-x64.node', 'nodejs22.x')).toBe(false);
  });
});

describe('function assets in cdk.out', () => {
  const row = (over: Partial<AssetRow>): AssetRow => ({
    name: 'analyzeHairline',
    kind: 'function',
    architecture: 'arm64',
    runtime: 'nodejs22.x',
    zippedBytes: 1,
    unzippedBytes: 1,
    deployedUnzippedBytes: 1,
    natives: [],
    ...over,
  });

  it('finds functions and layers, their architecture, runtime and size, zipped as the CDK CLI zips', () => {
    const out = tempDir();
    const dir = path.join(out, 'asset.abc');
    mkdirSync(path.join(dir, 'node_modules/x/lib'), { recursive: true });
    const js = Buffer.from('export const handler = async () => ({ statusCode: 200 });\n'.repeat(50));
    writeFileSync(path.join(dir, 'index.mjs'), js);
    writeFileSync(path.join(dir, 'node_modules/x/lib/x.node'), elfHeader(62));
    writeFileSync(
      path.join(out, 'asset.layer.zip'),
      zip([
        { name: 'python/a.so', data: elfHeader(183) },
        { name: 'python/a.py', data: Buffer.from('x = 1\n') },
      ]),
    );
    writeFileSync(
      path.join(out, 'App.template.json'),
      JSON.stringify({
        Resources: {
          UploadFunction: {
            Type: 'AWS::Lambda::Function',
            Properties: {
              Code: { S3Key: 'abc.zip' },
              Architectures: ['arm64'],
              Runtime: 'nodejs22.x',
              Layers: [{ Ref: 'Layer' }],
              MemorySize: 1024,
              Environment: { Variables: { A: 'b' } },
            },
          },
          Inline: { Type: 'AWS::Lambda::Function', Properties: { Code: { ZipFile: 'x' } } },
          Layer: { Type: 'AWS::Lambda::LayerVersion', Properties: { Content: { S3Key: 'layer.zip' } } },
        },
      }),
    );
    const assets = functionAssets(out);
    expect(assets.map((a) => [a.logicalId, a.kind, a.architecture, a.runtime])).toEqual([
      ['UploadFunction', 'function', 'arm64', 'nodejs22.x'],
      ['Layer', 'layer', 'arm64', 'nodejs22.x'],
    ]);
    const fn = inspectAsset(assets[0]!.assetPath);
    expect(fn.unzippedBytes).toBe(js.length + 64);
    expect(fn.zippedBytes).toBe(
      zippedSize([
        { name: 'index.mjs', data: js },
        { name: 'node_modules/x/lib/x.node', data: elfHeader(62) },
      ]),
    );
    expect(fn.zippedBytes).toBeLessThan(fn.unzippedBytes);
    expect(fn.natives).toEqual([{ file: 'node_modules/x/lib/x.node', arch: 'x86_64' }]);
    const layer = inspectAsset(assets[1]!.assetPath);
    expect(layer).toMatchObject({ unzippedBytes: 64 + 6, files: 2, natives: [{ file: 'python/a.so', arch: 'arm64' }] });

    const contents = new Map([
      ['UploadFunction', fn],
      ['Layer', layer],
    ]);
    const rows = assetRows(assets, contents, (a) => a.logicalId);
    expect(rows[0]!.deployedUnzippedBytes).toBe(fn.unzippedBytes + layer.unzippedBytes);
    expect(judgeRow(rows[0]!).problems).toEqual([
      'UploadFunction: node_modules/x/lib/x.node is built for x86_64, the function runs on arm64',
    ]);
    expect(judgeRow(rows[1]!).ok).toBe(true);
  });

  it('fails over 250 MB unzipped with layers or over a budget; only notes a zip over the direct-upload size', () => {
    expect(judgeRow(row({ deployedUnzippedBytes: LAMBDA_LIMITS.unzippedBytes + 1 })).ok).toBe(false);
    const big = judgeRow(
      row({
        zippedBytes: LAMBDA_LIMITS.directUploadZippedBytes + 1,
        deployedUnzippedBytes: LAMBDA_LIMITS.unzippedBytes,
      }),
    );
    expect(big.ok).toBe(true);
    expect(big.notes[0]).toMatch(/through S3/);
    expect(judgeRow(row({ natives: [{ file: 'a/sharp-linux-arm64.node', arch: 'arm64' }] })).ok).toBe(true);
    // a budget of its own: over it fails, under it is noted
    const budget = 40 * 1_048_576;
    expect(judgeRow(row({ deployedUnzippedBytes: 41 * 1_048_576 }), budget).problems).toEqual([
      'analyzeHairline: 41.0 MB unzipped (with layers), budget 40.0 MB: over it',
    ]);
    expect(judgeRow(row({ deployedUnzippedBytes: 33 * 1_048_576 }), budget)).toMatchObject({
      ok: true,
      notes: ['analyzeHairline: 33.0 MB unzipped (with layers), budget 40.0 MB'],
    });
    expect(
      judgeRow(
        row({ runtime: 'python3.13', natives: [{ file: 'y/_yaml.cpython-311-x86_64-linux-gnu.so', arch: 'x86_64' }] }),
      ).ok,
    ).toBe(true);
  });

  it('prints the largest deployment first, in MB and as a share of the limit', () => {
    const table = sizeTable([
      row({ name: 'small' }),
      row({
        name: 'big',
        zippedBytes: 10 * 1_048_576,
        unzippedBytes: 125 * 1_048_576,
        deployedUnzippedBytes: 125 * 1_048_576,
        natives: [{ file: 'a/b/sharp.node', arch: 'arm64' }],
      }),
    ]);
    const lines = table.split('\n');
    expect(lines[2]).toBe('| big | arm64 | 10.0 | 125.0 | 125.0 | 50 % | sharp.node (arm64) |');
    expect(lines[3]).toMatch(/^\| small \|/);
  });
});

describe('the sandbox and the environment of an emulated function', () => {
  it('makes only /tmp writable, binds no fonts and runs the arm64 Node under qemu', () => {
    const { command, args } = sandboxCommand(
      {
        bwrap: '/usr/bin/bwrap',
        qemu: '/usr/bin/qemu-aarch64-static',
        sysrootLib: '/usr/aarch64-linux-gnu/lib',
        node: '/cache/node',
      },
      {
        taskDir: '/out/asset.abc',
        runtimeDir: '/jobs',
        env: { FONTCONFIG_FILE: '/var/task/fonts/fonts.conf' },
        nodeArgs: ['/var/runtime/r.mjs'],
      },
    );
    expect(command).toBe('/usr/bin/bwrap');
    const binds = args.flatMap((a, i) =>
      a === '--bind' || a === '--ro-bind' ? [`${a} ${args[i + 1]} ${args[i + 2]}`] : [],
    );
    expect(binds.every((b) => b.startsWith('--ro-bind'))).toBe(true);
    expect(binds).toContain('--ro-bind /out/asset.abc /var/task');
    expect(binds.some((b) => /fonts|\/usr\/share|\/etc\/fonts/.test(b))).toBe(false);
    expect(args.join(' ')).toContain('--tmpfs /tmp');
    expect(args.indexOf('--remount-ro')).toBeGreaterThan(args.lastIndexOf('--ro-bind'));
    expect(args).toContain('--clearenv');
    expect(args.slice(-3)).toEqual(['/usr/bin/qemu-aarch64-static', '/var/lang/bin/node', '/var/runtime/r.mjs']);
  });

  it('keeps the template literals, stands in for references, and refuses a reference it does not know', () => {
    const local = {
      tables: { USERS_TABLE: 'verify-users' },
      dynamoEndpoint: 'http://127.0.0.1:1',
      originSecret: 's',
      siteUrl: 'https://x',
    };
    const env = localFunctionEnv(
      {
        logicalId: 'AnalyzeHairlineFunction',
        memoryMb: 2048,
        environment: {
          PERSON_MODEL_PATH: '/var/task/models/selfie.json',
          AGE_ESTIMATOR: 'rekognition',
          USERS_TABLE: { Ref: 'DataUsers' },
          SITE_URL: { 'Fn::Join': [] },
        },
      },
      local,
    );
    expect(env).toMatchObject({
      PERSON_MODEL_PATH: '/var/task/models/selfie.json',
      AGE_ESTIMATOR: 'local',
      USERS_TABLE: 'verify-users',
      SITE_URL: 'https://x',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:1',
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '2048',
    });
    expect(() => localFunctionEnv({ logicalId: 'F', environment: { NEW_THING: { Ref: 'X' } } }, local)).toThrow(
      /no local value for NEW_THING/,
    );
  });
});

describe('comparing the emulated results with the host', () => {
  it('ignores ids, times and images, and sees any other difference', () => {
    const a = {
      id: '1',
      createdAt: 't1',
      score: 86,
      imageBase64: 'a',
      measurements: { recession: 0.12, widths: [1, 2] },
      progress: { previousId: 'p', scoreDelta: 2 },
    };
    expect(
      resultDifferences(a, {
        ...a,
        id: '2',
        createdAt: 't2',
        imageBase64: 'b',
        progress: { previousId: 'q', scoreDelta: 2 },
      }),
    ).toEqual([]);
    expect(resultDifferences(a, { ...a, measurements: { recession: 0.12000000000000001, widths: [1, 2] } })).toEqual([
      'measurements.recession: 0.12 ≠ 0.12000000000000001',
    ]);
    expect(resultDifferences(a, { ...a, measurements: { recession: 0.12, widths: [1] } })).toEqual([
      'measurements.widths: length 2 ≠ 1',
    ]);
    expect(resultDifferences(a, { ...a, score: 85, extra: true })).toEqual([
      'extra: undefined ≠ true',
      'score: 86 ≠ 85',
    ]);
  });

  const image = (paint: (x: number, y: number) => number): RawImage => {
    const width = 200;
    const height = 100;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) data.fill(paint(x, y), (y * width + x) * 3, (y * width + x) * 3 + 3);
    return { data, width, height, channels: 3 };
  };
  const background = image(() => 20);
  const inText = (x: number, y: number) => x > 10 && x < 190 && y > 10 && y < 90;
  const texted = image((x, y) => (inText(x, y) && (x + y) % 3 === 0 ? 240 : 20));

  it('passes a card that draws the text as the host does, and fails one without text', () => {
    const same = cardTextCheck(texted, texted, background);
    expect(same).toEqual({ textPixels: 4713, matchingTextPixels: 4713, differingPixels: 0 });
    expect(cardHasText(same)).toBe(true);
    const blank = cardTextCheck(background, texted, background);
    expect(blank.matchingTextPixels).toBe(0);
    expect(cardHasText(blank)).toBe(false);
    // boxes instead of glyphs: every text pixel is covered, but so is much more
    const boxes = cardTextCheck(
      image((x, y) => (inText(x, y) ? 240 : 20)),
      texted,
      background,
    );
    expect(boxes.matchingTextPixels).toBe(boxes.textPixels);
    expect(cardHasText(boxes)).toBe(false);
  });

  it('strips every <text> element and nothing else', () => {
    const svg = '<svg><rect width="1"/><text x="1" font-size="2">A &amp; B</text>\n<text>C</text><rect/></svg>';
    expect(withoutText(svg)).toBe('<svg><rect width="1"/>\n<rect/></svg>');
  });
});

describe('the model files in the analysis bundle', () => {
  it('passes each file at models/<name>/<file> with its pinned hash; names a missing or altered one', () => {
    const bytes = Buffer.from('model bytes');
    const model: ModelFile = {
      name: 'some-model',
      file: 'm.tflite',
      url: 'https://example.invalid/m.tflite',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: bytes.length,
      licence: 'test',
      provenance: 'test',
      usedBy: 'test',
    };
    const asset = tempDir();
    expect(bundledModelProblems(asset, [model])).toEqual([
      `some-model/m.tflite is not in the analysis bundle (${path.join(asset, 'models/some-model/m.tflite')})`,
    ]);
    mkdirSync(path.join(asset, 'models', 'some-model'), { recursive: true });
    writeFileSync(path.join(asset, 'models', 'some-model', 'm.tflite'), 'altered');
    expect(bundledModelProblems(asset, [model])[0]).toMatch(
      /^some-model\/m\.tflite in the analysis bundle has SHA-256 /,
    );
    writeFileSync(path.join(asset, 'models', 'some-model', 'm.tflite'), bytes);
    expect(bundledModelProblems(asset, [model])).toEqual([]);
  });
});
