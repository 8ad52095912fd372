import { describe, expect, it } from 'vitest';
import { measureHairline, traceHairline, type ScanFrame } from '../../../lambdas/analysis/geometry.ts';

/** hair above row `line(x)`, skin below */
function mask(width: number, height: number, line: (x: number) => number): Uint8Array {
  const m = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) m[y * width + x] = y < line(x) ? 1 : 0;
  return m;
}

const frame: ScanFrame = { x0: 0, x1: 99, baseY: 90, topY: 0, midX: 50, halfWidth: 50, unit: 100 };

describe('traceHairline', () => {
  it('finds a straight hairline at its row', () => {
    const pts = traceHairline(mask(100, 100, () => 40), 100, 100, frame);
    expect(pts.length).toBeGreaterThan(40);
    for (const p of pts) expect(p.y).toBe(39);
  });

  it('ends at the top when a column holds no hair', () => {
    const pts = traceHairline(new Uint8Array(100 * 100), 100, 100, frame);
    expect(pts.every((p) => p.y === 0)).toBe(true);
  });

  it('puts a column that is hair all the way down at the base (no forehead visible)', () => {
    const pts = traceHairline(new Uint8Array(100 * 100).fill(1), 100, 100, frame);
    expect(pts.every((p) => p.y === 90)).toBe(true);
  });

  it('skips hair-like rows below the forehead, such as a collar', () => {
    const m = mask(100, 100, () => 40);
    for (let y = 80; y < 100; y++) for (let x = 0; x < 100; x++) m[y * 100 + x] = 1;
    expect(traceHairline(m, 100, 100, frame).every((p) => p.y === 39)).toBe(true);
  });

  it('ignores a one-row stray strand above the brows', () => {
    const m = mask(100, 100, () => 30);
    for (let x = 0; x < 100; x++) m[70 * 100 + x] = 1;
    const pts = traceHairline(m, 100, 100, frame);
    expect(pts.every((p) => p.y === 29)).toBe(true);
  });
});

describe('measureHairline', () => {
  it('reports no temple recession for a straight line and its height above the base', () => {
    const g = measureHairline(traceHairline(mask(100, 100, () => 40), 100, 100, frame), frame);
    expect(g.templeRecession).toBe(0);
    expect(g.heightRatio).toBeCloseTo(0.51, 2);
  });

  it('reports positive recession when the temples sit higher than the midline (an M shape)', () => {
    const m = mask(100, 100, (x) => 40 - Math.round(Math.abs(x - 50) * 0.5));
    const g = measureHairline(traceHairline(m, 100, 100, frame), frame);
    expect(g.templeRecession).toBeGreaterThan(0.1);
  });

  it('is mirror symmetric', () => {
    const line = (x: number) => 30 + Math.round(x / 10);
    const a = measureHairline(traceHairline(mask(100, 100, line), 100, 100, frame), frame);
    const b = measureHairline(traceHairline(mask(100, 100, (x) => line(99 - x)), 100, 100, frame), frame);
    expect(a.templeRecession).toBeCloseTo(b.templeRecession, 1);
  });
});
