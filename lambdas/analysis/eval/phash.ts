/**
 * Near-duplicate grouping for honest cross-validation: a difference hash (dHash, 64 bits of "is this pixel brighter than
 * its right neighbour" on a 9x8 greyscale thumbnail) survives brightness changes and re-encoding; taking the smaller of
 * the photo's and its mirror image's hash makes mirrored copies hash alike.
 */
import sharp from 'sharp';

export async function mirrorInvariantHash(bytes: Uint8Array): Promise<bigint> {
  const { data } = await sharp(bytes).rotate().greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const hash = (mirror: boolean) => {
    let h = 0n;
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) {
        const a = mirror ? data[y * 9 + (8 - x)]! : data[y * 9 + x]!;
        const b = mirror ? data[y * 9 + (7 - x)]! : data[y * 9 + x + 1]!;
        h = (h << 1n) | (a > b ? 1n : 0n);
      }
    }
    return h;
  };
  const [h, m] = [hash(false), hash(true)];
  return h < m ? h : m;
}

export function hamming(a: bigint, b: bigint): number {
  let x = a ^ b, n = 0;
  while (x) { n += Number(x & 1n); x >>= 1n; }
  return n;
}

/** Group ids (0..k-1) joining every pair of hashes within `maxDistance` bits (union-find, so chains join too). */
export function groupByHash(hashes: bigint[], maxDistance = 10): number[] {
  const parent = hashes.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < hashes.length; i++) {
    for (let j = i + 1; j < hashes.length; j++) if (hamming(hashes[i]!, hashes[j]!) <= maxDistance) parent[find(i)] = find(j);
  }
  const ids = new Map<number, number>();
  return hashes.map((_, i) => { const r = find(i); if (!ids.has(r)) ids.set(r, ids.size); return ids.get(r)!; });
}
