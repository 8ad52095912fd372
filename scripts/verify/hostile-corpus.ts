/**
 * Generates the hostile-input corpus (test/fixtures/hostile/, git-ignored): files an attacker or an unlucky user may
 * send to /api/upload and /api/analyze-hairline. Each entry says what the API must do with it.
 * The image variations are made from one subject photo: a dev crown photo (DATASETS_DIR), or without the dev sets a
 * head drawn here, on which the cases that expect an accepted analysis cannot hold (the test skips those).
 * Run `npm run gen:hostile` to write it; the integration test writes it afresh itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { datasetsPresent, readNamedPhoto } from '#test/support/dataset-photos.ts';
import { drawnHead } from '#test/support/drawn-photos.ts';

export interface HostileCase {
  file: string;
  /** the Content-Type the client claims */
  contentType: string;
  /** reject = a clear 4xx; accept = a valid result; either = a 4xx or a valid result, never a 5xx */
  expect: 'reject' | 'accept' | 'either';
  why: string;
  /** an image that decodes fine but that the analysis must reject: /api/upload still takes it */
  uploadable?: boolean;
}

export const HOSTILE_DIR = resolve(import.meta.dirname, '..', '..', 'test', 'fixtures', 'hostile');

/** The "fine" subject of the image variations: a real crown photo when the dev sets are there, else a drawn head. */
export async function hostileSubject(): Promise<{ photo: Buffer; real: boolean }> {
  if (datasetsPresent()) return { photo: await readNamedPhoto('full-3'), real: true };
  return { photo: await drawnHead(), real: false };
}

/** PNG whose chunks are hand-built, so we can lie in the header or make a decompression bomb cheaply. */
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth 1, grayscale: 20000x20000 is 50 MB of zeros, compressed to about 50 KB
  ihdr[9] = 0;
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  const raw = Buffer.alloc(row.length * height);
  const idat = deflateSync(raw, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Deterministic noise, so the corpus is the same on every machine. */
function noise(bytes: number, seed = 7): Buffer {
  const out = Buffer.alloc(bytes);
  let x = seed;
  for (let i = 0; i < bytes; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

export async function generateHostileCorpus(photo: Buffer, dir = HOSTILE_DIR): Promise<HostileCase[]> {
  mkdirSync(dir, { recursive: true });
  const base = sharp(photo).rotate();
  const meta = await base.metadata();
  const png = await sharp(photo).png().toBuffer();
  const cases: (HostileCase & { data: Buffer })[] = [];
  const add = (
    file: string,
    contentType: string,
    expect: HostileCase['expect'],
    why: string,
    data: Buffer,
    uploadable?: boolean,
  ) => cases.push({ file, contentType, expect, why, data, ...(uploadable ? { uploadable } : {}) });

  add('empty.jpg', 'image/jpeg', 'reject', 'zero bytes', Buffer.alloc(0));
  add('one-byte.jpg', 'image/jpeg', 'reject', 'a single byte', Buffer.from([0xff]));
  add('jpeg-magic-only.jpg', 'image/jpeg', 'reject', 'SOI marker and nothing else', Buffer.from([0xff, 0xd8, 0xff]));
  add(
    'truncated-half.jpg',
    'image/jpeg',
    'reject',
    'JPEG cut in half',
    photo.subarray(0, Math.floor(photo.length / 2)),
  );
  add('truncated-header.jpg', 'image/jpeg', 'reject', 'JPEG cut inside its headers', photo.subarray(0, 200));
  add('truncated.png', 'image/png', 'reject', 'PNG cut in half', png.subarray(0, Math.floor(png.length / 2)));
  add('png-signature-only.png', 'image/png', 'reject', 'PNG signature only', png.subarray(0, 8));
  add('lying-content-type.jpg', 'image/jpeg', 'accept', 'a real PNG sent as image/jpeg', png);
  add(
    'jpeg-as-octet-stream.bin',
    'application/octet-stream',
    'reject',
    'a real JPEG with a non-image content type',
    photo,
  );
  add(
    'html-renamed.jpg',
    'image/jpeg',
    'reject',
    'HTML renamed .jpg',
    Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  );
  add(
    'svg-renamed.jpg',
    'image/jpeg',
    'reject',
    'SVG (script inside) renamed .jpg',
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" onload="alert(1)"><rect width="800" height="800" fill="#c96"/></svg>',
    ),
  );
  add(
    'svg.svg',
    'image/svg+xml',
    'reject',
    'SVG with its own type',
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
  );
  add(
    'text-renamed.jpg',
    'image/jpeg',
    'reject',
    'plain text renamed .jpg',
    Buffer.from('just some text, not a photo\n'.repeat(20)),
  );
  add('random-bytes.jpg', 'image/jpeg', 'reject', '64 KB of noise', noise(64 * 1024));
  add('png-bomb-20000.png', 'image/png', 'reject', '20000x20000 PNG decompression bomb', pngBomb(20000, 20000));
  add('png-bomb-wide.png', 'image/png', 'reject', '100000x100 PNG, absurd aspect', pngBomb(100000, 100));
  add(
    'six-mb.jpg',
    'image/jpeg',
    'reject',
    'a real JPEG padded past 5 MB',
    Buffer.concat([photo, noise(6 * 1024 * 1024 - photo.length, 3)]),
  );
  add('cmyk.jpg', 'image/jpeg', 'either', 'CMYK JPEG', await sharp(photo).toColourspace('cmyk').jpeg().toBuffer());
  add(
    'sixteen-bit.png',
    'image/png',
    'either',
    '16-bit PNG',
    await sharp(photo).toColourspace('rgb16').png().toBuffer(),
  );
  add('grayscale.jpg', 'image/jpeg', 'either', 'grayscale JPEG', await sharp(photo).grayscale().jpeg().toBuffer());
  add(
    'exif-rotated.jpg',
    'image/jpeg',
    'either',
    'EXIF orientation 6 (rotated 90°)',
    await sharp(photo).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer(),
  );
  add(
    'one-pixel.png',
    'image/png',
    'reject',
    '1x1 pixel',
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#c96' } })
      .png()
      .toBuffer(),
  );
  add('tiny-32.jpg', 'image/jpeg', 'reject', '32x32 pixels', await sharp(photo).resize(32, 32).jpeg().toBuffer());
  add(
    'no-head-flat.png',
    'image/png',
    'reject',
    'a flat grey picture: no head, no hair',
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#808080' } })
      .png()
      .toBuffer(),
    true,
  );
  add(
    'no-head-sky.jpg',
    'image/jpeg',
    'either',
    'a blue gradient: no head',
    await sharp(
      Buffer.from(
        Array.from({ length: 256 * 256 * 3 }, (_, i) =>
          i % 3 === 2 ? 230 : (i % 3 === 1 ? 160 : 90) + (((i / 768) | 0) % 40),
        ),
      ),
      { raw: { width: 256, height: 256, channels: 3 } },
    )
      .jpeg()
      .toBuffer(),
  );
  const frames = [
    await sharp(photo).resize(200, 200).png().toBuffer(),
    await sharp(photo).resize(200, 200).flop().png().toBuffer(),
  ];
  const animated = () => sharp(frames, { join: { animated: true } });
  add('animated.gif', 'image/gif', 'either', 'animated GIF (2 frames)', await animated().gif({ loop: 0 }).toBuffer());
  add(
    'animated.webp',
    'image/webp',
    'either',
    'animated WebP (2 frames)',
    await animated().webp({ loop: 0 }).toBuffer(),
  );
  add('webp.webp', 'image/webp', 'accept', 'a fine WebP', await sharp(photo).webp().toBuffer());
  add('fine.jpg', 'image/jpeg', 'accept', 'the untouched photo', photo);
  add(
    'huge-dimensions-small-file.jpg',
    'image/jpeg',
    'reject',
    'JPEG header claiming 60000x60000',
    (() => {
      const b = Buffer.from(photo);
      const i = [0xc0, 0xc1, 0xc2].map((m) => b.indexOf(Buffer.from([0xff, m]))).find((x) => x > 0) ?? -1;
      if (i < 0) throw new Error('no SOF marker');
      {
        b.writeUInt16BE(60000, i + 5);
        b.writeUInt16BE(60000, i + 7);
      }
      return b;
    })(),
  );
  add(
    'two-faces.jpg',
    'image/jpeg',
    'either',
    'two copies of the photo side by side (two heads)',
    await sharp({
      create: { width: (meta.width ?? 640) * 2, height: meta.height ?? 640, channels: 3, background: '#000' },
    })
      .composite([
        { input: photo, left: 0, top: 0 },
        { input: photo, left: meta.width ?? 640, top: 0 },
      ])
      .jpeg()
      .toBuffer(),
  );
  add(
    'polyglot-zip.jpg',
    'image/jpeg',
    'either',
    'a JPEG with a ZIP appended',
    Buffer.concat([photo, Buffer.from('PK\u0003\u0004'), noise(2048, 11)]),
  );

  for (const c of cases) writeFileSync(join(dir, c.file), c.data);
  const manifest = cases.map(({ data: _data, ...c }) => c);
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Always written afresh (a few seconds), so the corpus never lags behind this generator. */
export async function loadHostileCorpus(photo: Buffer, dir = HOSTILE_DIR): Promise<HostileCase[]> {
  return generateHostileCorpus(photo, dir);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const subject = await hostileSubject();
  const manifest = await generateHostileCorpus(subject.photo);
  console.log(
    `${manifest.length} files written to ${HOSTILE_DIR}${subject.real ? '' : ' (from a drawn head: DATASETS_DIR not found)'}`,
  );
}
