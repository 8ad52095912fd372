/**
 * A photo as a phone takes it indoors in dim light: less light (exposure in linear light), the warm cast of tungsten
 * bulbs left in (white balance not corrected), the sensor's noise at a high ISO, and optionally a specular highlight
 * (a shiny scalp under a ceiling lamp). The skin guard's photo test and `scripts/analysis/check-dim-light.ts` make these copies
 * of the dev photos in memory; none is kept.
 */
import sharp from 'sharp';
import type { CaptureConditions } from '#shared/schemas.ts';
import { DARKER_SKIN } from './transforms.ts';
import { LINEAR, toSrgb } from './linear-light.ts';

/** a soft highlight: centre and radius as fractions of the photo's width (x, r) and height (y) */
export interface Highlight {
  x: number;
  y: number;
  r: number;
  /** added linear light at the centre (0..1); a sheen, not a clipped blow-out */
  strength: number;
}

export interface DimLight {
  name: string;
  /** share of the light kept (linear) */
  exposure: number;
  /** white-balance gains (linear) of red, green and blue: tungsten light uncorrected is red-heavy */
  gains: readonly [number, number, number];
  /** the sensor noise's standard deviation, in 8-bit levels (luma), and its colour part beside it */
  noise: number;
  chromaNoise: number;
  /** the same person with darker, browner skin (transforms.ts DARKER_SKIN) before the light is dimmed */
  darkerSkin?: boolean;
  highlight?: Omit<Highlight, 'x' | 'y' | 'r'>;
}

/** tungsten (about 3000 K) on a daylight white balance: blue falls to about half of red */
const TUNGSTEN = [1, 0.78, 0.5] as const;
/** warm-white LED (about 3500 K), a phone's auto white balance half correcting it */
const WARM_LED = [1, 0.86, 0.66] as const;

/**
 * The dim-light copies the guard is tested on. Each keeps the photo's brightest 5 % above the quality check's floor
 * (MIN_BRIGHT_LUMA) on the dev photos, so each is measured, not refused as too dark.
 */
export const DIM_LIGHTS: readonly DimLight[] = [
  { name: 'dim, warm', exposure: 0.4, gains: WARM_LED, noise: 4, chromaNoise: 2 },
  { name: 'dim, tungsten, noisy', exposure: 0.3, gains: TUNGSTEN, noise: 7, chromaNoise: 4 },
  {
    name: 'dim, tungsten, shiny scalp',
    exposure: 0.3,
    gains: TUNGSTEN,
    noise: 6,
    chromaNoise: 3,
    highlight: { strength: 0.35 },
  },
  {
    name: 'darker skin, dim, warm, shiny scalp',
    exposure: 0.55,
    gains: WARM_LED,
    noise: 5,
    chromaNoise: 3,
    darkerSkin: true,
    highlight: { strength: 0.25 },
  },
];

/** a fixed-seed normal deviate stream (mulberry32 and Box-Muller): the same copy every run */
function normals(seed: number): () => number {
  let s = seed >>> 0;
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/**
 * The photo in dim light, as a JPEG (quality 90). `spot` places the highlight (a shiny scalp: the top of the head);
 * without it the copy has none.
 */
export async function inDimLight(
  bytes: Uint8Array,
  light: DimLight,
  spot?: Omit<Highlight, 'strength'>,
  seed = 1,
): Promise<Buffer> {
  let img = sharp(bytes).rotate();
  if (light.darkerSkin) img = sharp(await img.recomb(DARKER_SKIN).toBuffer());
  const { data, info } = await img.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const out = Buffer.alloc(width * height * 3);
  const noise = normals(seed);
  const shine = light.highlight && spot ? { ...spot, ...light.highlight } : undefined;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      let add = 0;
      if (shine) {
        const dx = (x / width - shine.x) / shine.r,
          dy = ((y / height - shine.y) * height) / width / shine.r;
        add = shine.strength * Math.exp(-2 * (dx * dx + dy * dy));
      }
      const grain = light.noise * noise();
      for (let k = 0; k < 3; k++) {
        const lin = LINEAR[data[i + k]!]! * light.exposure * light.gains[k]! + add * light.gains[k]!;
        out[i + k] = Math.round(Math.min(255, Math.max(0, toSrgb(lin) + grain + light.chromaNoise * noise())));
      }
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Where a shiny scalp catches the light: on a face photo 0.85 face units (brows to the base of the nose) above the brows,
 * seen from above the middle of the head. In fractions of the photo (the highlight's radius of its width).
 */
export function highlightSpot({
  view,
  outline,
  width,
  height,
}: CaptureConditions): Omit<Highlight, 'strength'> | undefined {
  const [browL, browR, nose] = outline.features ?? [];
  if (view !== 'top' && browL && browR && nose) {
    const brows = { x: (browL.x + browR.x) / 2, y: (browL.y + browR.y) / 2 };
    const up = { x: brows.x - nose.x, y: brows.y - nose.y };
    return { x: brows.x + 0.85 * up.x, y: brows.y + 0.85 * up.y, r: 0.3 * Math.hypot(up.x, (up.y * height) / width) };
  }
  const head = outline.head;
  return head && { x: head.cx, y: head.cy, r: 0.35 * head.rx };
}
