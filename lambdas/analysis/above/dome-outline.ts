/**
 * Is a bare area's outline a dome's? A bald scalp photographed from above is a dome: its outline against whatever lies
 * behind it is close to an arc of a circle. Sand, a sunset sky or a tortilla are as smooth and as skin-coloured, but
 * their outline is a horizon, a field's edge or a jagged rim. Read on the largest connected part of the area, its holes
 * filled (a freckle, a highlight), over the outline away from the frame's edges (where the photo, not the area, ends).
 */

/** a boolean map over a small image: 1 where the pixel belongs to the area */
export interface AreaMap {
  on: Uint8Array;
  width: number;
  height: number;
}

/** the outline's pixels this close to the frame's edge are where the photo ends */
const EDGE_MARGIN = 2;
/** with fewer outline pixels than this, the area fills the frame and shows no outline to read */
const MIN_OUTLINE = 12;

const NEIGHBOURS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/** the circle fitted to an area's outline */
export interface OutlineArc {
  /** RMS distance of the outline from the circle, over its radius: a few hundredths for a dome, tenths for a rim */
  residual: number;
  /** the circle's radius over the frame's longer side: a straight edge (a horizon) fits a circle without end */
  radius: number;
}

/** The circle fitted to the area's outline; undefined when the area fills the frame and there is no outline to read. */
export function outlineArc(area: AreaMap): OutlineArc | undefined {
  const inside = filled(largestPart(area), area.width, area.height);
  const outline = outlinePoints(inside, area.width, area.height);
  if (outline.length < MIN_OUTLINE) return undefined;
  const circle = fitCircle(outline);
  if (!circle) return { residual: Infinity, radius: Infinity };
  let sq = 0;
  for (const [x, y] of outline) sq += (Math.hypot(x - circle.cx, y - circle.cy) - circle.r) ** 2;
  return { residual: Math.sqrt(sq / outline.length) / circle.r, radius: circle.r / Math.max(area.width, area.height) };
}

/**
 * Flood fill over 4-neighbours from the seeds through the pixels `open` admits; `claim` marks each pixel reached, after
 * which `open` must refuse it. Returns how many were reached.
 */
function flood(
  width: number,
  height: number,
  seeds: number[],
  open: (i: number) => boolean,
  claim: (i: number) => void,
): number {
  const stack: number[] = [];
  for (const s of seeds)
    if (open(s)) {
      claim(s);
      stack.push(s);
    }
  let count = 0;
  while (stack.length) {
    const i = stack.pop()!;
    count++;
    const x = i % width,
      y = (i - x) / width;
    for (const [dx, dy] of NEIGHBOURS) {
      const nx = x + dx,
        ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const j = ny * width + nx;
      if (open(j)) {
        claim(j);
        stack.push(j);
      }
    }
  }
  return count;
}

function largestPart({ on, width, height }: AreaMap): Uint8Array {
  const label = new Int32Array(on.length);
  let parts = 0,
    best = 0,
    bestCount = 0;
  for (let s = 0; s < on.length; s++) {
    if (!on[s] || label[s]) continue;
    const id = ++parts;
    const count = flood(
      width,
      height,
      [s],
      (i) => on[i] === 1 && label[i] === 0,
      (i) => (label[i] = id),
    );
    if (count > bestCount) [best, bestCount] = [id, count];
  }
  return Uint8Array.from(label, (l) => (l === best && best > 0 ? 1 : 0));
}

/** the part with its holes filled: everything the background reached from the frame's edge cannot reach */
function filled(part: Uint8Array, width: number, height: number): Uint8Array {
  const edge: number[] = [];
  for (let x = 0; x < width; x++) edge.push(x, (height - 1) * width + x);
  for (let y = 0; y < height; y++) edge.push(y * width, y * width + width - 1);
  const outside = new Uint8Array(part.length);
  flood(
    width,
    height,
    edge,
    (i) => !part[i] && !outside[i],
    (i) => (outside[i] = 1),
  );
  return outside.map((o) => 1 - o);
}

function outlinePoints(inside: Uint8Array, width: number, height: number): [number, number][] {
  const points: [number, number][] = [];
  for (let y = EDGE_MARGIN; y < height - EDGE_MARGIN; y++)
    for (let x = EDGE_MARGIN; x < width - EDGE_MARGIN; x++) {
      const i = y * width + x;
      if (inside[i] && (!inside[i - 1] || !inside[i + 1] || !inside[i - width] || !inside[i + width]))
        points.push([x, y]);
    }
  return points;
}

/** the algebraic least-squares circle (Kåsa): x² + y² + Dx + Ey + F = 0, solved by Cramer's rule; none for a line */
function fitCircle(points: [number, number][]): { cx: number; cy: number; r: number } | undefined {
  let sxx = 0,
    sxy = 0,
    syy = 0,
    sx = 0,
    sy = 0,
    sxz = 0,
    syz = 0,
    sz = 0;
  for (const [x, y] of points) {
    const z = x * x + y * y;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
    sx += x;
    sy += y;
    sxz += x * z;
    syz += y * z;
    sz += z;
  }
  const a = [
    [sxx, sxy, sx],
    [sxy, syy, sy],
    [sx, sy, points.length],
  ];
  const b = [-sxz, -syz, -sz];
  const d = det3(a);
  if (Math.abs(d) < 1e-6 * Math.abs(sxx * syy * points.length)) return undefined;
  const [D, E, F] = [0, 1, 2].map((k) => det3(a.map((row, i) => row.map((v, j) => (j === k ? b[i]! : v)))) / d) as [
    number,
    number,
    number,
  ];
  const cx = -D / 2,
    cy = -E / 2;
  const r2 = cx * cx + cy * cy - F;
  return r2 > 0 ? { cx, cy, r: Math.sqrt(r2) } : undefined;
}

function det3(m: number[][]): number {
  const [[a, b, c], [d, e, f], [g, h, i]] = m as [
    [number, number, number],
    [number, number, number],
    [number, number, number],
  ];
  return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
}
