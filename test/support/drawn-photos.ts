/**
 * Photos drawn by the tests themselves (no third-party pixels), for what needs a plausible photo but no real head: a
 * skin-toned face under a dark hair cap on a grey gradient, with a little grain so it has detail and a JPEG's noise.
 */
import sharp from 'sharp';

export async function drawnHead(opts: { width?: number; height?: number; seed?: number } = {}): Promise<Buffer> {
  const { width = 480, height = 400, seed = 7 } = opts;
  const u = (x: number) => (x * width) / 480;
  const v = (y: number) => (y * height) / 400;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="bg" x1="0" x2="1"><stop offset="0" stop-color="#6a7480"/><stop offset="1" stop-color="#b8bcc4"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#bg)"/>
    <ellipse cx="${u(240)}" cy="${v(230)}" rx="${u(110)}" ry="${v(140)}" fill="#d8a585"/>
    <path d="M${u(130)} ${v(200)} Q${u(240)} ${v(40)} ${u(350)} ${v(200)} Q${u(240)} ${v(120)} ${u(130)} ${v(200)} Z" fill="#2b1d14"/>
    <ellipse cx="${u(200)}" cy="${v(220)}" rx="${u(14)}" ry="${v(7)}" fill="#3a2a20"/>
    <ellipse cx="${u(280)}" cy="${v(220)}" rx="${u(14)}" ry="${v(7)}" fill="#3a2a20"/>
    <rect x="${u(200)}" y="${v(300)}" width="${u(80)}" height="${v(10)}" rx="${u(5)}" fill="#a0524a"/></svg>`;
  let s = seed;
  const grain = Buffer.alloc(width * height * 3).map(() => {
    s = (s * 1103515245 + 12345) >>> 0;
    return 118 + (s >>> 29);
  });
  const grainPng = await sharp(grain, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grainPng, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * A phone-sized photo (4000 × 4889 by default, as a 20 MP phone camera writes it) of a drawn head, over 5 MB: a phone
 * photo's sensor noise is what makes it large, so coarse noise (scaled up: grain a few pixels wide) is laid over it.
 */
export async function drawnPhonePhoto(opts: { width?: number; height?: number } = {}): Promise<Buffer> {
  const { width = 4000, height = 4889 } = opts;
  const head = await drawnHead({ width: 480, height: 586 });
  const small = { width: Math.round(width / 4), height: Math.round(height / 4) };
  let s = 11;
  const noise = Buffer.alloc(small.width * small.height * 3).map(() => {
    s = (s * 1103515245 + 12345) >>> 0;
    return 64 + (s >>> 25);
  });
  const grain = await sharp(noise, { raw: { ...small, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(head)
    .resize(width, height)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 95 })
    .toBuffer();
}
