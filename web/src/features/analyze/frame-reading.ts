/**
 * Pixel readings of one camera frame, by the server's formulas: the quality reading of lambdas/analysis/photo/quality.ts on
 * the frame at QUALITY_SIDE, the no-head reading of engine.ts on the frame at DETECT_SIDE, and the share of skin above
 * the brows. RGBA in (a canvas's ImageData), so nothing is copied; a unit test holds them equal to the server's.
 */
import { MIN_FOREHEAD, SKIN_BOX, inSkinBox } from '#shared/capture-rules.ts';
import { cbOf, crOf, luma, readQuality as readPixelQuality, type QualityReading } from '#shared/photo-quality.ts';
import { median } from '#shared/statistics.ts';

export interface Rgba {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}

const lumaAt = (d: Rgba['data'], i: number) => luma(d[4 * i]!, d[4 * i + 1]!, d[4 * i + 2]!);
const cbAt = (d: Rgba['data'], i: number, y: number) => cbOf(d[4 * i + 2]!, y);
const crAt = (d: Rgba['data'], i: number, y: number) => crOf(d[4 * i]!, y);

export interface NoHeadReading {
  neighbourDiff: number;
  skinShare: number;
  lumaSd: number;
}

/** quality.ts readQuality on the frame's RGBA */
export function readQuality(frame: Rgba): QualityReading {
  // an ImageData's fields are getters on its prototype: a spread would drop them
  return readPixelQuality({ data: frame.data, width: frame.width, height: frame.height, channels: 4 });
}

/** the ellipse of the no-head check: the whole frame's, scaled by the head zone's radius (features.ts HEAD_RADIUS) */
const HEAD_RADIUS = 0.9;

/** Skin-like share and luma spread in the central ellipse, the noise between neighbours: engine.ts rejectIfNoHead. */
export function readNoHead({ data, width, height }: Rgba): NoHeadReading {
  let n = 0,
    skin = 0,
    sum = 0,
    sumSq = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const fx = (x + 0.5) / width,
        fy = (y + 0.5) / height;
      if (((fx - 0.5) / 0.5) ** 2 + ((fy - 0.5) / 0.5) ** 2 >= HEAD_RADIUS * HEAD_RADIUS) continue;
      const i = y * width + x,
        l = lumaAt(data, i);
      if (l > SKIN_BOX.minLuma && inSkinBox(cbAt(data, i, l), crAt(data, i, l))) skin++;
      sum += l;
      sumSq += l * l;
      n++;
    }
  }
  const diffs: number[] = [];
  for (let y = 0; y < height; y += 4) {
    for (let x = 0; x + 1 < width; x += 2) {
      diffs.push(Math.abs(lumaAt(data, y * width + x) - lumaAt(data, y * width + x + 1)));
    }
  }
  const sd = n ? Math.sqrt(Math.max(0, sumSq / n - (sum / n) ** 2)) : 0;
  return { neighbourDiff: median(diffs), skinShare: n ? skin / n : 0, lumaSd: sd };
}

/**
 * Share of the band just above the brows (up to MIN_FOREHEAD face units, half a face unit either side of the midline)
 * whose colour is close to the skin between the eyes: hair, a hat or a hand there is what the server refuses as a
 * covered forehead. Null when the band leaves the frame or the reference is not skin-coloured (it cannot tell).
 */
export function foreheadSkinShare(img: Rgba, brows: Point, noseBase: Point, between: Point): number | null {
  const up = { x: brows.x - noseBase.x, y: brows.y - noseBase.y };
  const unit = Math.hypot(up.x, up.y);
  if (unit < 4) return null;
  const u = { x: up.x / unit, y: up.y / unit },
    across = { x: -u.y, y: u.x };
  const ref = meanColour(img, between, Math.max(1, unit * 0.08));
  if (!ref || !inSkinBox(ref.cb, ref.cr)) return null;
  let n = 0,
    skin = 0;
  for (let a = 0.1; a <= MIN_FOREHEAD + 1e-9; a += 0.05) {
    for (let s = -0.5; s <= 0.5 + 1e-9; s += 0.1) {
      const x = Math.round(brows.x + unit * (a * u.x + s * across.x));
      const y = Math.round(brows.y + unit * (a * u.y + s * across.y));
      if (x < 0 || y < 0 || x >= img.width || y >= img.height) return null;
      const i = y * img.width + x,
        l = lumaAt(img.data, i);
      n++;
      const near = Math.abs(cbAt(img.data, i, l) - ref.cb) < 10 && Math.abs(crAt(img.data, i, l) - ref.cr) < 10;
      // the server's skin is no darker than 0.55 of the face's own skin (front.ts SKIN_MIN_REL_LUMA)
      if (near && l >= 0.55 * ref.luma) skin++;
    }
  }
  return n ? skin / n : null;
}

function meanColour(img: Rgba, at: Point, r: number): { luma: number; cb: number; cr: number } | null {
  let n = 0,
    sl = 0,
    scb = 0,
    scr = 0;
  for (let y = Math.round(at.y - r); y <= Math.round(at.y + r); y++) {
    for (let x = Math.round(at.x - r); x <= Math.round(at.x + r); x++) {
      if (x < 0 || y < 0 || x >= img.width || y >= img.height) continue;
      const i = y * img.width + x,
        l = lumaAt(img.data, i);
      sl += l;
      scb += cbAt(img.data, i, l);
      scr += crAt(img.data, i, l);
      n++;
    }
  }
  return n ? { luma: sl / n, cb: scb / n, cr: scr / n } : null;
}

/** the value at rank floor(p·(n−1)), as quality.ts's quickselect finds it */
