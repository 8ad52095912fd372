import { describe, expect, it } from 'vitest';
import {
  GRID_ABOVE,
  GRID_BELOW,
  GRID_HALF_WIDTH,
  GRID_PER_UNIT,
  gridX,
  gridY,
  type FaceGrid,
} from '#lambdas/analysis/face-grid.ts';
import { CLASS, classify, faceSkin, measureFront, traceFrontHairline } from '#lambdas/analysis/front.ts';

const SKIN = { luma: 160, cb: 110, cr: 150 };
const HAIR = { luma: 50, cb: 125, cr: 132 };
const GREY_HAIR = { luma: 170, cb: 127, cr: 129 };

/**
 * A synthetic face-aligned grid: a head (person mask) whose outline reaches `headTop(x)` face units above the brows,
 * forehead skin up to `hairline(x)`, hair (textured) above it.
 */
function grid(opts: {
  hairline: (x: number) => number;
  headTop?: (x: number) => number;
  hair?: typeof HAIR;
  halfWidth?: number;
}): FaceGrid {
  const cols = Math.round(2 * GRID_HALF_WIDTH * GRID_PER_UNIT) + 1;
  const rows = Math.round((GRID_ABOVE + GRID_BELOW) * GRID_PER_UNIT) + 1;
  const n = cols * rows;
  const g: FaceGrid = {
    axes: {
      origin: { x: 0, y: 0 },
      up: { x: 0, y: -1 },
      unit: 50,
      unitBelow: 50,
      unitAbove: 50,
      halfWidth: opts.halfWidth ?? 0.9,
    },
    cols,
    rows,
    luma: new Float32Array(n),
    cb: new Float32Array(n),
    cr: new Float32Array(n),
    texture: new Float32Array(n),
    person: new Float32Array(n),
    inside: new Uint8Array(n).fill(1),
  };
  const headTop = opts.headTop ?? ((x: number) => 1.6 * Math.sqrt(Math.max(0, 1 - (x / 1.25) ** 2)));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = gridX(c),
        y = gridY(r),
        i = r * cols + c;
      const inHead = y <= headTop(x) && Math.abs(x) < 1.3;
      g.person[i] = inHead ? 1 : 0;
      const px = !inHead ? { luma: 120, cb: 150, cr: 110 } : y < opts.hairline(x) ? SKIN : (opts.hair ?? HAIR);
      g.luma[i] = px.luma;
      g.cb[i] = px.cb;
      g.cr[i] = px.cr;
      g.texture[i] = inHead && y >= opts.hairline(x) ? 0.2 : 0.02;
    }
  }
  return g;
}

function run(g: FaceGrid) {
  const skin = faceSkin(g);
  const classes = classify(g, skin);
  const trace = traceFrontHairline(g, classes);
  return { skin, classes, trace, m: measureFront(g, classes, trace, skin) };
}

describe('front hairline tracing in a face-aligned grid', () => {
  it('takes the skin model from the face itself', () => {
    const { skin } = run(grid({ hairline: () => 0.8 }));
    expect(skin.cb).toBeCloseTo(SKIN.cb, 0);
    expect(skin.cr).toBeCloseTo(SKIN.cr, 0);
  });

  it('finds a straight hairline at its height, inside the head, with hair above it', () => {
    const { m, trace } = run(grid({ hairline: () => 0.8 }));
    expect(trace.headTop.some((t) => t !== undefined && t > 1.5)).toBe(true);
    expect(m.foreheadHeight).toBeCloseTo(0.8, 1);
    expect(Math.abs(m.templeLeft)).toBeLessThan(0.1);
    expect(m.frontalCoverage).toBeGreaterThan(0.9);
    expect(m.hairDepth).toBeGreaterThan(0.6);
    expect(m.bareWidth).toBe(0);
    expect(trace.height.filter((h) => h !== undefined).length).toBeGreaterThan(40);
  });

  it('measures the M shape: temple corners higher than the midline', () => {
    const m = run(grid({ hairline: (x) => 0.85 + 0.5 * Math.max(0, Math.abs(x) - 0.3) })).m;
    expect(m.foreheadHeight).toBeCloseTo(0.85, 1);
    expect(m.templeLeft).toBeGreaterThan(0.1);
    expect(m.templeRight).toBeGreaterThan(0.1);
  });

  it('reads grey hair as hair by its texture and colour, not its darkness', () => {
    const m = run(grid({ hairline: () => 0.9, hair: GREY_HAIR })).m;
    expect(m.foreheadHeight).toBeCloseTo(0.9, 1);
    expect(m.frontalCoverage).toBeGreaterThan(0.9);
  });

  it('bald on top: skin runs to the head outline, no hair depth, bare across, and the outline is not taken for a hairline', () => {
    const { m, trace } = run(grid({ hairline: () => 99 }));
    expect(m.bareWidth).toBeGreaterThan(0.8);
    expect(m.hairDepth).toBeLessThan(0.05);
    expect(m.topCoverage).toBeLessThan(0.05);
    expect(trace.bare.filter(Boolean).length).toBeGreaterThan(10);
  });

  it('leaves the background out of every class but background', () => {
    const { classes } = run(grid({ hairline: () => 0.8 }));
    const g = grid({ hairline: () => 0.8 });
    for (let i = 0; i < classes.length; i++) if (g.person[i] === 0) expect(classes[i]).toBe(CLASS.background);
  });
});
