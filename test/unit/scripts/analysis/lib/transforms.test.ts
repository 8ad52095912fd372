import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { darker, shrunk } from '#scripts/analysis/lib/transforms.ts';

const jpeg = async (width: number, height: number) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: 90, g: 60, b: 40 } } })
      .jpeg()
      .toBuffer(),
  );

describe("eval:hairline --max-side: the dev photos at another source's size", () => {
  it('shrinks a photo to the side on its long side, keeping its shape', async () => {
    const small = await sharp(await shrunk(await jpeg(400, 300), 260)).metadata();
    expect([small.width, small.height]).toEqual([260, 195]);
    const tall = await sharp(await shrunk(await jpeg(450, 550), 260)).metadata();
    expect([tall.width, tall.height]).toEqual([213, 260]);
  });

  it('leaves a photo already that small as it is, byte for byte', async () => {
    const photo = await jpeg(200, 120);
    expect(new Uint8Array(await shrunk(photo, 260))).toEqual(photo);
  });
});

describe('the darker-skin stability change', () => {
  it('darkens skin, blue most and red least, and keeps the frame', async () => {
    const skin = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 160, b: 140 } } })
      .png()
      .toBuffer();
    const out = sharp(await darker(new Uint8Array(skin)));
    const { width, height } = await out.metadata();
    expect([width, height]).toEqual([40, 30]);
    const { channels } = await out.stats();
    const [r, g, b] = channels.map((c) => c.mean);
    expect(r).toBeCloseTo(110, -1);
    expect(g).toBeCloseTo(72, -1);
    expect(b).toBeCloseTo(53, -1);
  });
});
