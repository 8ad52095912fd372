import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DIM_LIGHTS, inDimLight } from '#scripts/analysis/lib/dim-light-copies.ts';

/** a mid-grey photo with a skin-coloured square in the middle */
async function drawn(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80" fill="#808080"/><rect x="40" y="20" width="40" height="40" fill="#b07850"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toBuffer());
}

async function meanRgb(bytes: Uint8Array, region?: { left: number; top: number; width: number; height: number }) {
  let img = sharp(bytes).removeAlpha();
  if (region) img = img.extract(region);
  // stats() reads the input, not the pipeline: the extract is made first
  const { channels } = await sharp(await img.png().toBuffer()).stats();
  return channels.map((c) => c.mean);
}

describe('dim-light copies of a photo (the skin guard’s test light)', () => {
  it('keeps the size, takes light away, warms the cast and is the same copy every time', async () => {
    const photo = await drawn();
    const grey = { left: 2, top: 2, width: 30, height: 30 };
    const [r0, , b0] = await meanRgb(photo, grey);
    for (const light of DIM_LIGHTS) {
      const copy = await inDimLight(photo, light);
      expect(await sharp(copy).metadata()).toMatchObject({ width: 120, height: 80 });
      const [r, g, b] = await meanRgb(copy, grey);
      expect(r! + g! + b!, light.name).toBeLessThan(0.9 * 3 * 128);
      expect(r! / b!, light.name).toBeGreaterThan((1.15 * r0!) / b0!);
      expect(Buffer.compare(copy, await inDimLight(photo, light)), light.name).toBe(0);
    }
  });

  it('puts a highlight where it is asked for: brighter there than the same copy without it', async () => {
    const photo = await drawn();
    const light = DIM_LIGHTS.find((l) => l.highlight)!;
    const spot = { x: 0.5, y: 0.5, r: 0.1 };
    const centre = { left: 55, top: 35, width: 10, height: 10 };
    const [withShine] = await meanRgb(await inDimLight(photo, light, spot), centre);
    const [without] = await meanRgb(await inDimLight(photo, light), centre);
    expect(withShine!).toBeGreaterThan(without! + 20);
  });
});
