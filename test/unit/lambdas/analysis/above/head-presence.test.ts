/**
 * A photo without a face holds a head only when the masks claim much of it as hair or skin, or a bare scalp fills it
 * (above/head-presence.ts); a face found must be a person's. Synthetic masks and pixels: the person model's, the hair
 * model's and the face detector's mistakes on animals, flowers and scenes are what the rules are for.
 */
import { describe, expect, it } from 'vitest';
import { rejectIfFurFace, rejectIfNoHead } from '#lambdas/analysis/above/head-presence.ts';
import type { DetectedFace, ProbabilityMap, RgbImage } from '#lambdas/analysis/types.ts';
import { AnalysisRejectedError } from '#lambdas/analysis/errors.ts';
import { toPixelMaps } from '#lambdas/analysis/photo/pixels.ts';
import { outlineArc, type AreaMap } from '#lambdas/analysis/above/dome-outline.ts';

const SIDE = 128;
type Rgb = [number, number, number];

/** a map that is 1 inside a centred disc of this share of the frame */
function disc(share: number): ProbabilityMap {
  const data = new Float32Array(SIDE * SIDE);
  const r = Math.sqrt((share * SIDE * SIDE) / Math.PI);
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) if (Math.hypot(x + 0.5 - SIDE / 2, y + 0.5 - SIDE / 2) <= r) data[y * SIDE + x] = 1;
  return { data, width: SIDE, height: SIDE };
}

function image(colour: (x: number, y: number) => Rgb): RgbImage {
  const rgb = new Uint8Array(3 * SIDE * SIDE);
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) rgb.set(colour(x, y).map(Math.round), 3 * (y * SIDE + x));
  return { rgb, width: SIDE, height: SIDE };
}

const inDisc = (share: number, x: number, y: number) =>
  Math.hypot(x + 0.5 - SIDE / 2, y + 0.5 - SIDE / 2) <= Math.sqrt((share * SIDE * SIDE) / Math.PI);
/** skin of about this luma (a light-brown skin's proportions, scaled) */
const skin = (lumaLevel: number): Rgb => [lumaLevel / 0.81, (0.75 * lumaLevel) / 0.81, (0.62 * lumaLevel) / 0.81];
/** grass: green, with a blade every few pixels */
const grass = (x: number, y: number): Rgb => ((x * 7 + y * 3) % 5 < 2 ? [40, 120, 30] : [70, 160, 50]);
/** the refusal's code, or undefined when the check lets the photo through */
const refusalOf = (check: () => void) => {
  try {
    check();
    return undefined;
  } catch (e) {
    return e instanceof AnalysisRejectedError ? e.code : e;
  }
};
/** the refusal of an async check */
const asyncRefusalOf = async (check: () => Promise<void>) => {
  try {
    await check();
    return undefined;
  } catch (e) {
    return e instanceof AnalysisRejectedError ? e.code : e;
  }
};
/** the check as the engine runs it: the scalp maps are the same photo's at its working size */
const refusal = (person: ProbabilityMap, hair: ProbabilityMap, img: RgbImage) =>
  asyncRefusalOf(() => rejectIfNoHead(person, hair, img, () => Promise.resolve(toPixelMaps(img))));

describe('is there a head in a photo without a face', () => {
  it('a head from above: most of the frame claimed, hair on it and skin around it', async () => {
    const img = image((x, y) => (inDisc(0.4, x, y) ? [60, 45, 35] : inDisc(0.7, x, y) ? skin(150) : grass(x, y)));
    expect(await refusal(disc(0.7), disc(0.4), img)).toBeUndefined();
  });

  it('a flower the person model takes for a person: half the frame claimed, none of it hair or skin', async () => {
    const img = image((x, y) => (inDisc(0.5, x, y) ? [200, 25, 40] : grass(x, y)));
    expect(await refusal(disc(0.5), disc(0), img)).toBe('no_hair');
  });

  it('an animal in a field: a small part of the frame claimed, fur the hair model takes for hair', async () => {
    const img = image((x, y) => (inDisc(0.15, x, y) ? [150, 110, 70] : grass(x, y)));
    expect(await refusal(disc(0.15), disc(0.08), img)).toBe('no_hair');
  });

  it('a bald scalp filling the frame that both models miss is a head, in dim light too', async () => {
    // a smooth skin-coloured dome lit from the top (luma 128 falling to 50 away from the top's middle), then at half
    // the light: its shading, read raw, would fall under the flatness bound (a wall's) with the light; at half the
    // light the dim part is too dark to read as skin, and the outline of the lit part is an arc
    for (const light of [1, 0.5]) {
      const img = image((x, y) => skin(light * (128 - (78 * Math.hypot(x - SIDE / 2, y)) / SIDE)));
      expect(await refusal(disc(0), disc(0.02), img), `light ${light}`).toBeUndefined();
    }
  });
});

describe('a bare area is a bald scalp only when its outline is a dome', () => {
  /** a smooth light-brown dome of radius 0.45 of the frame centred below its middle, shaded away from its top, on grass */
  const dome = image((x, y) =>
    Math.hypot(x + 0.5 - SIDE / 2, y + 0.5 - 0.6 * SIDE) <= 0.45 * SIDE ? skin(150 - (40 * y) / SIDE) : grass(x, y),
  );
  /** sand under a blue sky: as smooth and as skin-coloured, but its outline is the horizon */
  const sand = image((x, y) => (y < 0.4 * SIDE ? [90, 140, 220] : skin(150 - (30 * y) / SIDE)));
  /** a wrap on a red plate: a smooth skin-coloured area, long and straight-sided */
  const wrap = image((x, y) => {
    const along = (x - 64 + y - 64) / Math.SQRT2,
      across = (y - 64 - (x - 64)) / Math.SQRT2;
    return Math.abs(along) < 55 && Math.abs(across) < 20 ? skin(160) : [150, 30, 40];
  });
  const none = disc(0);

  it('a dome passes, sand under a sky and a wrap do not', async () => {
    expect(await refusal(none, none, dome)).toBeUndefined();
    expect(await refusal(none, none, sand)).toBe('no_hair');
    expect(await refusal(none, none, wrap)).toBe('no_hair');
  });

  it("an arc's residual is a few hundredths, a horizon's circle has no end, no outline reads nothing", () => {
    const area = (inside: (x: number, y: number) => boolean): AreaMap => {
      const on = new Uint8Array(SIDE * SIDE);
      for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) on[y * SIDE + x] = inside(x, y) ? 1 : 0;
      return { on, width: SIDE, height: SIDE };
    };
    // a disc with holes in it (freckles, a highlight): the holes are filled, not read as outline
    const freckled = area((x, y) => Math.hypot(x - 64, y - 80) <= 58 && (x % 17 !== 3 || y % 13 !== 5));
    expect(outlineArc(freckled)!.residual).toBeLessThan(0.05);
    expect(outlineArc(freckled)!.radius).toBeCloseTo(58 / SIDE, 1);
    // a horizon, straight or gently bowed: no circle, or one far larger than the frame
    expect(outlineArc(area((_, y) => y > 50))!.radius).toBe(Infinity);
    expect(outlineArc(area((x, y) => y > 50 + ((x - 64) / 64) ** 2 * 3))!.radius).toBeGreaterThan(2);
    expect(outlineArc(area(() => true))).toBeUndefined();
    // the largest part is read: a speck of skin elsewhere changes nothing
    const withSpeck = area((x, y) => Math.hypot(x - 64, y - 80) <= 58 || (x < 6 && y < 6));
    expect(outlineArc(withSpeck)!.residual).toBeCloseTo(outlineArc(freckled)!.residual, 2);
  });
});

describe("a face the detector finds is a person's", () => {
  // a face's box over the middle of the frame; the hair mask is `hairy` inside the box's rows y0..y1 (fractions)
  const face: DetectedFace = { box: { x: 32, y: 32, width: 64, height: 64 }, landmarks: {}, confidence: 1 };
  const hairRows = (y0: number, y1: number): ProbabilityMap => ({
    width: SIDE,
    height: SIDE,
    data: Float32Array.from({ length: SIDE * SIDE }, (_, i) => {
      const y = Math.floor(i / SIDE);
      return y >= 32 + y0 * 64 && y < 32 + y1 * 64 ? 1 : 0;
    }),
  });
  const furFace = (hair: ProbabilityMap, img: RgbImage) => refusalOf(() => rejectIfFurFace(face, hair, img));

  it("a cat's or an owl's face: grey or white fur the hair model calls hair is no head", () => {
    expect(
      furFace(
        hairRows(0, 1),
        image(() => [150, 150, 155]),
      ),
    ).toBe('no_hair');
    const whiteAndGrey = image((x, y) => ((x + y) % 4 < 2 ? [235, 235, 232] : [110, 108, 112]));
    expect(furFace(hairRows(0, 1), whiteAndGrey)).toBe('no_hair');
  });

  it('a person of any skin tone passes, a bearded one too: the hair model leaves the beard out, the cheeks are skin', () => {
    for (const level of [200, 120, 45])
      expect(
        furFace(
          hairRows(0, 0),
          image(() => skin(level)),
        ),
        `luma ${level}`,
      ).toBeUndefined();
    // a full dark beard over the lower third of the face, and the hair model marking the fringe at the brows
    const bearded = image((_, y) => (y > 32 + 0.62 * 64 ? [30, 25, 20] : skin(140)));
    expect(furFace(hairRows(0, 0.35), bearded)).toBeUndefined();
  });

  it('refuses only when both cues agree: skin the hair model calls hair, or fur it does not, is left to the other checks', () => {
    expect(
      furFace(
        hairRows(0, 1),
        image(() => skin(150)),
      ),
    ).toBeUndefined();
    expect(
      furFace(
        hairRows(0, 0),
        image(() => [150, 150, 155]),
      ),
    ).toBeUndefined();
  });
});
