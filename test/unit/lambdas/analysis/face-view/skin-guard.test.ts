import { describe, expect, it } from 'vitest';
import { colOf, gridX, gridY, rowOf, toImage, type FaceGrid } from '#lambdas/analysis/faces/face-grid.ts';
import { CLASS, classify, faceSkin, measureFront, traceFrontHairline } from '#lambdas/analysis/face-view/front.ts';
import { guardSkinAsHair, withoutTakenBack } from '#lambdas/analysis/face-view/skin-guard.ts';
import { blankFaceGrid } from '#test/support/face-grids.ts';

interface Surface {
  luma: number;
  cb: number;
  cr: number;
  /** Sobel texture as the pixel maps read it: skin about 0.02 in good light, strands 0.1-0.2 */
  texture: number;
}

/** a dark-skinned face in dim, warm light: every surface darker, noise raising the texture of all of them alike */
const DIM_DARK_SKIN: Surface = { luma: 42, cb: 112, cr: 146, texture: 0.045 };
const DARK_SKIN: Surface = { luma: 70, cb: 116, cr: 142, texture: 0.02 };
const BLACK_HAIR: Surface = { luma: 24, cb: 126, cr: 131, texture: 0.16 };
const LIGHT_SKIN: Surface = { luma: 175, cb: 108, cr: 152, texture: 0.015 };
const GREY_HAIR: Surface = { luma: 185, cb: 127, cr: 129, texture: 0.09 };
const BACKDROP: Surface = { luma: 30, cb: 135, cr: 124, texture: 0.05 };

/**
 * A drawn face-aligned grid: a head whose outline (the person mask) reaches `headTop` face units above the brows, the
 * face's skin below `hairline`, `top` above it (hair, or the bare scalp), the backdrop around. The hair mask gives
 * `topProbability` over the top, `beyondProbability` over the backdrop just above the head (a dim wall it takes for
 * hair: up to `beyond` face units above the outline), and 0.02 elsewhere.
 */
function drawnHead(o: {
  skin: Surface;
  top: Surface;
  hairline: number;
  topProbability: number;
  headTop?: number;
  beyond?: number;
  beyondProbability?: number;
  /** a highlight on the scalp: this much brighter than the face, washed out to grey, around 1.2 units up */
  shine?: number;
}): FaceGrid {
  const g = blankFaceGrid(0.9, { x: 320, y: 400 });
  const { cols, rows } = g;
  const top = o.headTop ?? 1.7;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = gridX(c),
        y = gridY(r),
        i = r * cols + c;
      const outline = top * Math.sqrt(Math.max(0, 1 - (x / 1.25) ** 2));
      const inHead = Math.abs(x) < 1.25 && y <= outline;
      const onTop = inHead && y >= o.hairline;
      const beyond = !inHead && Math.abs(x) < 1.25 && y <= outline + (o.beyond ?? 0);
      let px = inHead ? (onTop ? o.top : o.skin) : BACKDROP;
      if (onTop && o.shine && Math.hypot(x, y - 1.2) < 0.35) {
        px = { luma: o.skin.luma * o.shine, cb: 126, cr: 131, texture: o.top.texture };
      }
      g.person[i] = inHead ? 1 : 0;
      g.hair[i] = onTop ? o.topProbability : beyond ? (o.beyondProbability ?? 0.8) : 0.02;
      g.luma[i] = px.luma;
      g.cb[i] = px.cb;
      g.cr[i] = px.cr;
      g.texture[i] = px.texture;
    }
  }
  return g;
}

function guarded(g: FaceGrid) {
  const skin = faceSkin(g);
  const masked = classify(g);
  const guard = guardSkinAsHair(g, masked, skin);
  const measure = (classes: Uint8Array) => measureFront(g, classes, traceFrontHairline(g, classes), skin);
  return { guard, before: measure(masked), after: measure(guard.classes) };
}

describe('the skin guard: the face’s own skin and the backdrop taken back from the hair mask', () => {
  it('takes a dark, dim scalp the mask calls hair back as skin: the top reads bare', () => {
    // a bald dark-skinned man in dim light: the mask calls his scalp hair, unsure, from just above the brows
    const { guard, before, after } = guarded(
      drawnHead({ skin: DIM_DARK_SKIN, top: DIM_DARK_SKIN, hairline: 0.5, topProbability: 0.8 }),
    );
    expect(before.topCoverage).toBeGreaterThan(0.9);
    expect(guard.reading.skinLikeShare).toBeGreaterThan(0.9);
    expect(guard.reading.onHead).toBeGreaterThan(100);
    expect(after.topCoverage).toBeLessThan(0.1);
    expect(after.frontalCoverage).toBeLessThan(0.1);
    expect(after.foreheadHeight).toBeGreaterThan(1.4);
  });

  it('takes a shiny scalp back too: a highlight’s washed-out colour counts as skin', () => {
    const { guard, after } = guarded(
      drawnHead({ skin: DIM_DARK_SKIN, top: DIM_DARK_SKIN, hairline: 0.5, topProbability: 0.85, shine: 1.8 }),
    );
    expect(guard.reading.skinLikeShare).toBeGreaterThan(0.9);
    expect(after.topCoverage).toBeLessThan(0.1);
  });

  it('leaves black hair on dark skin alone, in good light and in dim light, as the model is sure of it', () => {
    for (const skin of [DARK_SKIN, DIM_DARK_SKIN]) {
      const hair = { ...BLACK_HAIR, luma: BLACK_HAIR.luma * (skin.luma / DARK_SKIN.luma) };
      const g = drawnHead({ skin, top: hair, hairline: 0.8, topProbability: 0.99 });
      const { guard, before, after } = guarded(g);
      expect(guard.reading.skinLikeShare).toBeLessThan(0.1);
      expect(guard.reading.onHead + guard.reading.beyondHead).toBe(0);
      expect(after).toEqual(before);
    }
  });

  it('leaves grey hair on light skin alone: brighter than the face, but textured by its strands', () => {
    const { guard, before, after } = guarded(
      drawnHead({ skin: LIGHT_SKIN, top: GREY_HAIR, hairline: 0.8, topProbability: 0.9 }),
    );
    expect(guard.reading.onHead).toBe(0);
    expect(after).toEqual(before);
  });

  it('keeps the mask when the model is sure of smooth hair on top (slicked-back hair the colour of the skin)', () => {
    const slick = { ...DARK_SKIN, luma: DARK_SKIN.luma * 0.9 };
    const { guard, after, before } = guarded(
      drawnHead({ skin: DARK_SKIN, top: slick, hairline: 0.8, topProbability: 1 }),
    );
    expect(guard.reading.skinLikeShare).toBeGreaterThan(0.9);
    expect(guard.reading.onHead).toBe(0);
    expect(after).toEqual(before);
  });

  it('takes back a dim backdrop the mask calls hair above a bald head, not hair above a head of hair', () => {
    // the skull is bare to its outline; above it the mask marks a dark wall as hair, 0.6 face units deep
    const bald = drawnHead({ skin: LIGHT_SKIN, top: LIGHT_SKIN, hairline: 1.8, topProbability: 0.02, beyond: 0.6 });
    const b = guarded(bald);
    expect(b.before.frontalCoverage).toBeGreaterThan(0.5);
    expect(b.guard.reading.beyondHead).toBeGreaterThan(100);
    expect(b.after.frontalCoverage).toBeLessThan(0.1);
    const m = b.guard.classes[rowOf(1.9) * bald.cols + colOf(0)];
    expect(m).toBe(CLASS.background);
    // hair the person model trims off a full head continues the hair on it, and stays
    const full = drawnHead({ skin: LIGHT_SKIN, top: BLACK_HAIR, hairline: 0.8, topProbability: 0.99, beyond: 0.3 });
    const f = guarded(full);
    expect(f.guard.reading.beyondHead).toBe(0);
    expect(f.after).toEqual(f.before);
  });

  it('zeroes another map of the photo where the guard took cells back, and only there', () => {
    const g = drawnHead({ skin: DIM_DARK_SKIN, top: DIM_DARK_SKIN, hairline: 0.5, topProbability: 0.8 });
    const { guard } = guarded(g);
    // a map over a 640 × 640 frame at half its resolution, all hair
    const map = { data: new Float32Array(320 * 320).fill(0.9), width: 320, height: 320 };
    const out = withoutTakenBack(map, g, guard.takenBack, (x, y) => ({ x: 2 * x, y: 2 * y }));
    const at = (fx: number, fy: number) => {
      const p = toImage(g.axes, fx, fy);
      return out.data[Math.floor(p.y / 2) * 320 + Math.floor(p.x / 2)];
    };
    expect(at(0, 1.2)).toBe(0);
    expect(at(0, -0.5)).toBeCloseTo(0.9);
    expect(at(1.7, 3)).toBeCloseTo(0.9);
    expect(withoutTakenBack(map, g, new Uint8Array(guard.takenBack.length), (x, y) => ({ x, y }))).toBe(map);
  });
});
