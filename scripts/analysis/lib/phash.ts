/**
 * Near-duplicate grouping for honest cross-validation: a difference hash (dHash: 256 bits of "is this pixel brighter
 * than its right neighbour" on a 17x16 greyscale thumbnail) survives brightness changes and re-encoding; taking comparing
 * a photo against each of the other's eight orientations catches mirrored and turned copies (the Roboflow export holds both). 256 bits rather than the usual 64,
 * because head-and-shoulders portraits on one backdrop share their coarse layout.
 */
import sharp from 'sharp';

const SIDE = 16;

/** The photo's hash in each of its eight orientations (four quarter turns, each also mirrored); the first is as taken. */
export async function orientationHashes(bytes: Uint8Array): Promise<bigint[]> {
  const upright = await sharp(bytes).rotate().greyscale().png().toBuffer();
  const out: bigint[] = [];
  for (const angle of [0, 90, 180, 270]) {
    for (const mirror of [false, true]) {
      const { data } = await sharp(upright)
        .rotate(angle)
        .flop(mirror)
        .resize(SIDE + 1, SIDE, { fit: 'fill' })
        .greyscale()
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true });
      let h = 0n;
      for (let y = 0; y < SIDE; y++) {
        for (let x = 0; x < SIDE; x++)
          h = (h << 1n) | (data[y * (SIDE + 1) + x]! > data[y * (SIDE + 1) + x + 1]! ? 1n : 0n);
      }
      out.push(h);
    }
  }
  return out;
}

/** bits apart when one photo is turned and mirrored to match the other best */
export function photoDistance(a: bigint[], b: bigint[]): number {
  return Math.min(...b.map((h) => hamming(a[0]!, h)));
}

export function hamming(a: bigint, b: bigint): number {
  let x = a ^ b,
    n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

/** copies differ by at most 24 of the 256 bits in the dev folders, different photos by 44 or more */
export const MAX_DISTANCE = 32;

/** Group ids (0..k-1) joining every pair of hashes within `maxDistance` bits (union-find, so chains join too). */
export function groupByHash(hashes: bigint[][], maxDistance = MAX_DISTANCE): number[] {
  const parent = hashes.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < hashes.length; i++) {
    for (let j = i + 1; j < hashes.length; j++)
      if (photoDistance(hashes[i]!, hashes[j]!) <= maxDistance) parent[find(i)] = find(j);
  }
  const ids = new Map<number, number>();
  return hashes.map((_, i) => {
    const r = find(i);
    if (!ids.has(r)) ids.set(r, ids.size);
    return ids.get(r)!;
  });
}
