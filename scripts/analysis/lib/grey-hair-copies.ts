/**
 * The same head of hair gone silver or white: copies of the dev photos in which the hair model's hair is repainted light
 * grey, in memory (none is kept). The hair's own light and shade are kept (its brightness relative to the hair's mean,
 * softened by `contrast`, as grey hair shows less contrast than dark hair), brought to `level` (linear light) and rolled
 * off below full white, so strands stay strands instead of clipping into a flat cap; a faint warm tint, as grey hair has.
 * `scripts/analysis/check-grey-hair.ts` and the engine's grey-hair photo test read them.
 */
import sharp from 'sharp';
import { createHairSegmenter, type HairSegmenter } from '#lambdas/analysis/index.ts';
import { LINEAR, toSrgb } from './linear-light.ts';

export interface HairShade {
  name: string;
  /** the hair's mean brightness in linear light (0..1): 0.2 a mid silver, 0.4 white, 0.55 bright white */
  level: number;
}

export const GREY_SHADES: readonly HairShade[] = [
  { name: 'silver', level: 0.2 },
  { name: 'white', level: 0.4 },
  { name: 'bright white', level: 0.55 },
];

/** how much of the hair's relative light and shade the grey keeps (an exponent on it) */
const CONTRAST = 0.6;
/** the brightest a strand gets (linear): below full white */
const CEILING = 0.9;
/** grey hair's faint yellow (linear gains of red, green, blue) */
const TINT = [1, 0.985, 0.94] as const;

/**
 * The pure repaint: `rgb` (width × height, 3 bytes a pixel) with each pixel moved towards grey hair by its hair
 * probability `hair` (0..1, the same size).
 */
export function repaintGrey(rgb: Uint8Array, hair: Float32Array, level: number): Uint8Array {
  const n = hair.length;
  const y = new Float32Array(n);
  let sum = 0,
    count = 0;
  for (let i = 0; i < n; i++) {
    y[i] = 0.2126 * LINEAR[rgb[3 * i]!]! + 0.7152 * LINEAR[rgb[3 * i + 1]!]! + 0.0722 * LINEAR[rgb[3 * i + 2]!]!;
    if (hair[i]! >= 0.5) {
      sum += y[i]!;
      count++;
    }
  }
  const mean = Math.max(1e-3, count ? sum / count : 0);
  // 1 − e^(−a·t) rolls off towards CEILING and passes through `level` at the hair's mean
  const a = -Math.log(1 - level / CEILING) / level;
  const out = new Uint8Array(rgb.length);
  for (let i = 0; i < n; i++) {
    const p = hair[i]!;
    const grey = CEILING * (1 - Math.exp(-a * level * (y[i]! / mean) ** CONTRAST));
    for (let k = 0; k < 3; k++) {
      const o = LINEAR[rgb[3 * i + k]!]!;
      out[3 * i + k] = Math.round(toSrgb((1 - p) * o + p * grey * TINT[k]!));
    }
  }
  return out;
}

/** The photo with its hair (as the hair model finds it on the whole photo) gone `shade`, as a JPEG (quality 90). */
export async function withGreyHair(
  bytes: Uint8Array,
  shade: HairShade,
  segmenter: HairSegmenter = createHairSegmenter(),
): Promise<Buffer> {
  const { data, info } = await sharp(bytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const rgb = new Uint8Array(data.buffer, data.byteOffset, data.length);
  const pass = await segmenter.segment({ rgb, width, height });
  const side = pass.side;
  const bytesOfMap = Uint8Array.from(pass.probability, (p) => Math.round(p * 255));
  const map = await sharp(bytesOfMap, { raw: { width: side, height: side, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const hair = Float32Array.from(map, (v) => v / 255);
  return sharp(repaintGrey(rgb, hair, shade.level), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
