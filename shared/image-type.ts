/**
 * What a file's first bytes say it is, read the same way by the API (which refuses what matches no image format) and by
 * the upload panel (which says so at once, before any upload, and knows a HEIC photo from a renamed text file).
 */

/** how many leading bytes sniffImageType reads */
export const SNIFF_BYTES = 12;

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** The image type the first bytes match; undefined when they match no image format we know. */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  const b = bytes;
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (b.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'image/gif';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 4 && (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*')) return 'image/tiff';
  if (b.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (['avif', 'avis'].includes(brand)) return 'image/avif';
    if (HEIF_BRANDS.has(brand)) return 'image/heic';
  }
  if (b.length >= 2 && ascii(0, 2) === 'BM') return 'image/bmp';
  return undefined;
}
