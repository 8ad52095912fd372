import { describe, expect, it } from 'vitest';
import { gridX, gridY, type FaceGrid } from '#lambdas/analysis/faces/face-grid.ts';
import {
  CLASS,
  classify,
  faceSkin,
  maskCertainty,
  measureFront,
  traceFrontHairline,
} from '#lambdas/analysis/face-view/front.ts';
import { faceDrawing, headRunsOffPhoto } from '#lambdas/analysis/face-view/face-view.ts';
import { blankFaceGrid } from '#test/support/face-grids.ts';

const SKIN = { luma: 160, cb: 110, cr: 150 };
const DARK_SKIN = { luma: 55, cb: 118, cr: 140 };
const HAIR = { luma: 50, cb: 125, cr: 132 };
const GREY_HAIR = { luma: 170, cb: 127, cr: 129 };

/**
 * A synthetic face-aligned grid: a head (person mask) whose outline reaches `headTop(x)` face units above the brows,
 * forehead skin up to `hairline(x)`, hair (textured, and marked by the hair mask) above it. `rim`: the hair mask's
 * false band along a bald head's outline, this deep (face units).
 */
function grid(opts: {
  hairline: (x: number) => number;
  headTop?: (x: number) => number;
  hair?: typeof HAIR;
  skin?: typeof SKIN;
  halfWidth?: number;
  rim?: number;
  hairProbability?: number;
  /** the hair mask leaves out the hair above this height (face units): braids or coils it does not see */
  maskMissesAbove?: number;
}): FaceGrid {
  const g = blankFaceGrid(opts.halfWidth ?? 0.9);
  const { cols, rows } = g;
  const headTop = opts.headTop ?? ((x: number) => 1.6 * Math.sqrt(Math.max(0, 1 - (x / 1.25) ** 2)));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = gridX(c),
        y = gridY(r),
        i = r * cols + c;
      const inHead = y <= headTop(x) && Math.abs(x) < 1.3;
      g.person[i] = inHead ? 1 : 0;
      const onHair = inHead && y >= opts.hairline(x);
      const px = !inHead ? { luma: 120, cb: 150, cr: 110 } : onHair ? (opts.hair ?? HAIR) : (opts.skin ?? SKIN);
      const onRim = inHead && opts.rim !== undefined && y > headTop(x) - opts.rim;
      const seen = onHair && !(opts.maskMissesAbove !== undefined && y >= opts.maskMissesAbove);
      g.hair[i] = seen ? (opts.hairProbability ?? 0.97) : onRim ? 0.8 : 0.03;
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
  const classes = classify(g);
  const trace = traceFrontHairline(g, classes);
  return { skin, classes, trace, m: measureFront(g, classes, trace, skin) };
}

describe('front hairline tracing in a face-aligned grid', () => {
  it('takes the skin colour from the face itself', () => {
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

  it('reads grey hair as hair where the hair mask says so, whatever its brightness', () => {
    const m = run(grid({ hairline: () => 0.9, hair: GREY_HAIR })).m;
    expect(m.foreheadHeight).toBeCloseTo(0.9, 1);
    expect(m.frontalCoverage).toBeGreaterThan(0.9);
  });

  it('reads dark skin as skin: a bald dark-skinned head has no hairline, however dark its scalp', () => {
    const { m, trace } = run(grid({ hairline: () => 99, skin: DARK_SKIN }));
    expect(m.bareWidth).toBeGreaterThan(0.8);
    expect(m.topCoverage).toBeLessThan(0.05);
    expect(m.frontalCoverage).toBeLessThan(0.05);
    expect(trace.bare.filter(Boolean).length).toBeGreaterThan(10);
  });

  it("does not take the mask's false rim along a bald head's outline for a hairline", () => {
    const { m } = run(grid({ hairline: () => 99, rim: 0.1 }));
    expect(m.bareWidth).toBeGreaterThan(0.8);
    expect(m.hairDepth).toBeLessThan(0.05);
  });

  it('trusts a decided mask more than one of half-probabilities', () => {
    const sure = run(grid({ hairline: () => 0.8 }));
    const unsure = run(grid({ hairline: () => 0.8, hairProbability: 0.6 }));
    expect(maskCertainty(grid({ hairline: () => 0.8 }), sure.classes)).toBeGreaterThan(
      maskCertainty(grid({ hairline: () => 0.8, hairProbability: 0.6 }), unsure.classes) + 0.2,
    );
  });

  it('counts the strands on top that the hair mask leaves out (braids, coils) as hair, by their texture', () => {
    const { m } = run(grid({ hairline: () => 0.8, maskMissesAbove: 1.1 }));
    expect(m.foreheadHeight).toBeCloseTo(0.8, 1);
    expect(m.topCoverage).toBeGreaterThan(0.9);
    // a bald top as dark and as unmarked is smooth: still bare
    expect(run(grid({ hairline: () => 99, skin: DARK_SKIN })).m.topCoverage).toBeLessThan(0.05);
  });

  it('bald on top: skin runs to the head outline, no hair depth, bare across, and the outline is not taken for a hairline', () => {
    const { m, trace } = run(grid({ hairline: () => 99 }));
    expect(m.bareWidth).toBeGreaterThan(0.8);
    expect(m.hairDepth).toBeLessThan(0.05);
    expect(m.topCoverage).toBeLessThan(0.05);
    expect(trace.bare.filter(Boolean).length).toBeGreaterThan(10);
  });

  it("measures a bald head's frontal band inside its outline: the rim the hair mask marks there does not cover it", () => {
    const bald = run(grid({ hairline: () => 99, rim: 0.08 })).m;
    const full = run(grid({ hairline: () => 0.8 })).m;
    expect(bald.frontalCoverage).toBeLessThan(0.3);
    expect(full.frontalCoverage).toBeGreaterThan(0.9);
  });

  describe('the head running off the top of the photo', () => {
    /** the photo's top edge `edge` face units above the brows; a dark strip the hair mask marks between head and edge */
    const cut = (headTop: number, edge: number, strip = false) => {
      const g = grid({ hairline: () => 99, headTop: () => headTop });
      for (let r = 0; r < g.rows; r++)
        for (let c = 0; c < g.cols; c++) {
          const i = r * g.cols + c;
          if (gridY(r) > edge) g.inside[i] = 0;
          else if (strip && gridY(r) > headTop) g.hair[i] = 0.97;
        }
      const classes = classify(g);
      const trace = traceFrontHairline(g, classes);
      return { bare: headRunsOffPhoto(g, classes, trace, true), any: headRunsOffPhoto(g, classes, trace, false) };
    };

    it('a bald top cut by the edge runs off; one under the edge with backdrop above does not', () => {
      expect(cut(2, 1.5)).toEqual({ bare: true, any: true });
      expect(cut(1.3, 1.5)).toEqual({ bare: false, any: false });
    });

    it('a dark strip behind the head at the edge (a picture frame) does not cut a bald top off, though the top is not all in view', () => {
      expect(cut(1.4, 1.5, true)).toEqual({ bare: false, any: true });
    });
  });

  it('leaves the background out of every class but background', () => {
    const { classes } = run(grid({ hairline: () => 0.8 }));
    const g = grid({ hairline: () => 0.8 });
    for (let i = 0; i < classes.length; i++) if (g.person[i] === 0) expect(classes[i]).toBe(CLASS.background);
  });

  describe('the overlay draws a hairline only where one was found', () => {
    const maps = { width: 400, height: 400 };
    it('a full hairline: one piece across the forehead, the temple corners on it', () => {
      const g = grid({ hairline: () => 0.8 });
      const { trace, m } = run(g);
      const d = faceDrawing(g, trace, maps, m.foreheadHeight, true);
      expect(d.hairline).toHaveLength(1);
      expect(d.hairline[0]!.length).toBeGreaterThan(20);
      expect(d.markers).toHaveLength(2);
    });

    it("a bald head: no hairline and no temple corners on the head's outline, only the measured zones", () => {
      for (const skin of [SKIN, DARK_SKIN]) {
        const g = grid({ hairline: () => 99, skin });
        const { trace, m } = run(g);
        const d = faceDrawing(g, trace, maps, m.foreheadHeight, true);
        expect(d.hairline.flat()).toHaveLength(0);
        expect(d.markers).toHaveLength(0);
        expect(d.zones.map((z) => z.label)).toContain('frontal');
      }
    });

    it('bare temples: the hairline is drawn over the middle, not along the outline beside it', () => {
      const g = grid({ hairline: (x) => (Math.abs(x) < 0.35 ? 0.9 : 99) });
      const { trace, m } = run(g);
      const d = faceDrawing(g, trace, maps, m.foreheadHeight, true);
      const xs = d.hairline.flat().map((p) => p.x);
      expect(xs.length).toBeGreaterThan(0);
      // the grid's x runs across the 400 px maps around x = 0 at 50 px a face unit: the middle ±0.35 units only
      expect(Math.max(...xs.map((x) => Math.abs(x * 400) / 50))).toBeLessThan(0.5);
    });
  });
});
