/** Hairline geometry on a hair mask: pure functions of arrays, so they can be tested without photos. */

export interface Point { x: number; y: number }

/** Where to look: columns x0..x1, scanning upward from baseY (the brow line, or the bottom of the head zone). */
export interface ScanFrame { x0: number; x1: number; baseY: number; topY: number; midX: number; halfWidth: number; unit: number }

/** Rows a hairline must stay hair-like for, so a lone dark strand or shadow above the brows does not count. */
const RUN_ROWS = 3;
const HAIR_SHARE = 0.75;
const COLUMN_HALF = 1;

/**
 * For each column, scanning up from baseY: the first row where hair starts and persists, once forehead or scalp skin
 * has been crossed (so a shirt or shadow below the forehead is not taken for the hairline). A column that is hair all
 * the way down ends at baseY (no visible forehead); one with no hair above its skin ends at topY (bare scalp).
 */
export function traceHairline(mask: Uint8Array, width: number, height: number, frame: ScanFrame, step = 2): Point[] {
  const out: Point[] = [];
  const base = Math.min(height - 1, Math.round(frame.baseY));
  const top = Math.max(0, Math.round(frame.topY));
  for (let x = Math.max(0, Math.round(frame.x0)); x <= Math.min(width - 1, Math.round(frame.x1)); x += step) {
    let found = -1;
    let seenSkin = false;
    for (let y = base; y >= top + RUN_ROWS; y--) {
      if (!runIsHair(mask, width, x, y)) seenSkin = true;
      else if (seenSkin) { found = y; break; }
    }
    out.push({ x, y: found >= 0 ? found : seenSkin ? top : base });
  }
  return out;
}

function runIsHair(mask: Uint8Array, width: number, x: number, y: number): boolean {
  let hair = 0, total = 0;
  for (let dy = 0; dy < RUN_ROWS; dy++) {
    for (let dx = -COLUMN_HALF; dx <= COLUMN_HALF; dx++) {
      const xx = x + dx;
      if (xx < 0 || xx >= width) continue;
      total++;
      if (mask[(y - dy) * width + xx]) hair++;
    }
  }
  return total > 0 && hair / total >= HAIR_SHARE;
}

/** Median contour row among the points whose x lies within [lo, hi]. */
function medianY(points: Point[], lo: number, hi: number): number | undefined {
  const ys = points.filter((p) => p.x >= lo && p.x <= hi).map((p) => p.y).sort((a, b) => a - b);
  if (ys.length === 0) return undefined;
  return ys[ys.length >> 1];
}

export interface HairlineGeometry {
  /** hairline height above baseY at the midline, in frame units */
  heightRatio: number;
  /** how much higher the temples sit than the midline, relative to the frame width (0 = straight, > 0 = receded temples) */
  templeRecession: number;
}

export function measureHairline(points: Point[], frame: ScanFrame): HairlineGeometry {
  const w = frame.halfWidth;
  const mid = medianY(points, frame.midX - 0.15 * w, frame.midX + 0.15 * w) ?? frame.baseY;
  const left = medianY(points, frame.midX - 0.85 * w, frame.midX - 0.55 * w) ?? mid;
  const right = medianY(points, frame.midX + 0.55 * w, frame.midX + 0.85 * w) ?? mid;
  const temples = (left + right) / 2;
  return {
    heightRatio: round3(Math.max(0, frame.baseY - mid) / frame.unit),
    templeRecession: round3((mid - temples) / (2 * w)),
  };
}

export function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
