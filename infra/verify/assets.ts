/**
 * The function assets of a synthesized stack (cdk.out): which directory or zip each Lambda function and layer deploys,
 * how big it is zipped and unzipped, and which native binaries it holds.
 */
import { readdirSync, readFileSync, statSync, openSync, readSync, closeSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { elfArch } from './elf.ts';

export interface FunctionAsset {
  /** logical id in the template (a route's function is `<Route>Function`) */
  logicalId: string;
  kind: 'function' | 'layer';
  runtime?: string;
  /** the template's Handler ("index.handler": file index.{js,mjs,cjs} in the code, export handler); none for a layer */
  handler?: string;
  /** the template's Architectures (Lambda's default is x86_64); a layer takes the architecture and runtime of its function */
  architecture: 'arm64' | 'x86_64';
  /** the asset in cdk.out: a directory (zipped at publish) or a .zip file */
  assetPath: string;
  memoryMb?: number;
  /** logical ids of the layers a function uses */
  layers: string[];
  environment: Record<string, unknown>;
}

export interface NativeBinary {
  file: string;
  arch: string;
}

export interface AssetContents {
  unzippedBytes: number;
  /** the size of the zip Lambda receives (for a directory: as the CDK CLI packs it, see zippedSize) */
  zippedBytes: number;
  files: number;
  natives: NativeBinary[];
}

type Resource = { Type: string; Properties?: Record<string, any> };

/** Functions and layers whose code is a cdk.out asset (inline code has no asset and no size worth checking). */
export function functionAssets(cdkOut: string): FunctionAsset[] {
  const templateFile = readdirSync(cdkOut).find((f) => f.endsWith('.template.json'));
  if (!templateFile) throw new Error(`no template in ${cdkOut}: synth first`);
  const resources = JSON.parse(readFileSync(path.join(cdkOut, templateFile), 'utf8')).Resources as Record<
    string,
    Resource
  >;
  const assetPath = (key: unknown) => {
    const name = `asset.${String(key)}`;
    const dir = path.join(cdkOut, name.replace(/\.zip$/, ''));
    try {
      if (statSync(dir).isDirectory()) return dir;
    } catch {
      /* a zip file asset */
    }
    return path.join(cdkOut, name);
  };
  const out: FunctionAsset[] = [];
  const layerOf = new Map<string, Pick<FunctionAsset, 'architecture' | 'runtime'>>();
  for (const [id, r] of Object.entries(resources)) {
    if (r.Type !== 'AWS::Lambda::Function' || !r.Properties?.Code?.S3Key) continue;
    const p = r.Properties;
    const architecture = p.Architectures?.[0] === 'arm64' ? 'arm64' : 'x86_64';
    const layers = (p.Layers ?? []).map((l: any) => l?.Ref).filter((l: unknown): l is string => typeof l === 'string');
    for (const l of layers) layerOf.set(l, { architecture, runtime: p.Runtime });
    out.push({
      logicalId: id,
      kind: 'function',
      runtime: p.Runtime,
      handler: p.Handler,
      architecture,
      assetPath: assetPath(p.Code.S3Key),
      memoryMb: p.MemorySize,
      layers,
      environment: p.Environment?.Variables ?? {},
    });
  }
  for (const [id, r] of Object.entries(resources)) {
    if (r.Type !== 'AWS::Lambda::LayerVersion' || !r.Properties?.Content?.S3Key) continue;
    out.push({
      logicalId: id,
      kind: 'layer',
      architecture: 'x86_64',
      ...layerOf.get(id),
      assetPath: assetPath(r.Properties.Content.S3Key),
      layers: [],
      environment: {},
    });
  }
  return out;
}

/**
 * The zip the CDK CLI makes of a directory asset (yazl, one deflated entry per file, no directory entries, no data
 * descriptors): 30 + name bytes of local header and 46 + name of central directory per file, 22 bytes at the end.
 */
export function zippedSize(entries: { name: string; data: Uint8Array }[]): number {
  let total = 22;
  for (const { name, data } of entries) total += 30 + 46 + 2 * Buffer.byteLength(name) + deflateRawSync(data).length;
  return total;
}

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    // the CLI follows symbolic links, so a link counts as what it points to
    const isDir = e.isDirectory() || (e.isSymbolicLink() && statSync(full).isDirectory());
    return isDir ? walk(full, base) : [path.relative(base, full)];
  });
}

function head(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(20);
    const n = readSync(fd, buf, 0, 20, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

function inspectDirectory(dir: string): AssetContents {
  let unzippedBytes = 0;
  let zippedBytes = 22;
  const natives: NativeBinary[] = [];
  const files = walk(dir);
  for (const file of files) {
    const full = path.join(dir, file);
    const data = readFileSync(full);
    unzippedBytes += data.length;
    zippedBytes += zippedSize([{ name: file, data }]) - 22;
    const arch = elfArch(head(full));
    if (arch) natives.push({ file, arch });
  }
  return { unzippedBytes, zippedBytes, files: files.length, natives };
}

/** Reads a zip's central directory (no zip64: Lambda's limits are far below 4 GB) and inflates ELF candidates. */
function inspectZip(file: string): AssetContents {
  const zip = readFileSync(file);
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error(`${file} is not a zip`);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  let unzippedBytes = 0;
  let files = 0;
  const natives: NativeBinary[] = [];
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLen);
    at += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith('/')) continue;
    files++;
    unzippedBytes += size;
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataAt, dataAt + compressed);
    const bytes = method === 0 ? raw : method === 8 ? inflateRawSync(raw) : undefined;
    const arch = bytes ? elfArch(bytes.subarray(0, 20)) : undefined;
    if (arch) natives.push({ file: name, arch });
  }
  return { unzippedBytes, zippedBytes: zip.length, files, natives };
}

export function inspectAsset(assetPath: string): AssetContents {
  return statSync(assetPath).isDirectory() ? inspectDirectory(assetPath) : inspectZip(assetPath);
}
