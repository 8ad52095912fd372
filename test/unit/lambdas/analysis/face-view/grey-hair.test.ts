import { describe, expect, it } from 'vitest';
import { gridX, gridY, type FaceGrid } from '#lambdas/analysis/faces/face-grid.ts';
import { classify, faceSkin, traceFrontHairline } from '#lambdas/analysis/face-view/front.ts';
import { greyShownDark, greyTopShare, missedGreyHair } from '#lambdas/analysis/face-view/grey-hair.ts';
import { GREY_HAIR } from '#lambdas/analysis/analysis-config.ts';
import { blankFaceGrid } from '#test/support/face-grids.ts';

interface Surface {
  luma: number;
  cb: number;
  cr: number;
}

const LIGHT_SKIN: Surface = { luma: 175, cb: 108, cr: 152 };
const DARK_SKIN: Surface = { luma: 70, cb: 116, cr: 142 };
const WHITE_HAIR: Surface = { luma: 200, cb: 126, cr: 130 };
const SILVER_HAIR: Surface = { luma: 130, cb: 127, cr: 129 };
const BLACK_HAIR: Surface = { luma: 24, cb: 126, cr: 131 };
const BACKDROP: Surface = { luma: 150, cb: 140, cr: 120 };

/**
 * A drawn face-aligned grid: a head whose outline reaches 1.7 face units above the brows, the face's skin below
 * `hairline`, `top` above it, the hair mask's probability `topProbability` there (0.02 elsewhere). `shine`: a washed-out
 * highlight on the top, this much brighter than the face, `shineRadius` face units around 1.2 units up.
 */
function drawnHead(o: {
  skin: Surface;
  top: Surface;
  hairline: number;
  topProbability: number;
  shine?: number;
  shineRadius?: number;
}): FaceGrid {
  const g = blankFaceGrid(0.9, { x: 320, y: 400 });
  for (let r = 0; r < g.rows; r++) {
    for (let c = 0; c < g.cols; c++) {
      const x = gridX(c),
        y = gridY(r),
        i = r * g.cols + c;
      const inHead = Math.abs(x) < 1.25 && y <= 1.7 * Math.sqrt(Math.max(0, 1 - (x / 1.25) ** 2));
      const onTop = inHead && y >= o.hairline;
      let px = inHead ? (onTop ? o.top : o.skin) : BACKDROP;
      if (onTop && o.shine && Math.hypot(x, y - 1.2) < (o.shineRadius ?? 0.35)) {
        px = { luma: o.skin.luma * o.shine, cb: 126, cr: 131 };
      }
      g.person[i] = inHead ? 1 : 0;
      g.hair[i] = onTop ? o.topProbability : 0.02;
      g.luma[i] = px.luma;
      g.cb[i] = px.cb;
      g.cr[i] = px.cr;
      g.texture[i] = 0.05;
    }
  }
  return g;
}

function greyShare(g: FaceGrid): number {
  const classes = classify(g);
  return greyTopShare(g, classes, traceFrontHairline(g, classes), faceSkin(g));
}

describe('grey and white hair the hair model misses', () => {
  it('reads white hair the mask left bare as missed grey hair, on light and on dark skin', () => {
    for (const skin of [LIGHT_SKIN, DARK_SKIN]) {
      const share = greyShare(drawnHead({ skin, top: WHITE_HAIR, hairline: 0.7, topProbability: 0.05 }));
      expect(share).toBeGreaterThan(0.5);
      expect(missedGreyHair(share, false)).toBe(true);
    }
    // silver hair is darker than a light face, but brighter than the floor and colourless
    expect(
      missedGreyHair(
        greyShare(drawnHead({ skin: LIGHT_SKIN, top: SILVER_HAIR, hairline: 0.7, topProbability: 0.05 })),
        false,
      ),
    ).toBe(true);
  });

  it('asks nothing again where the mask found the hair, grey or black', () => {
    for (const top of [WHITE_HAIR, BLACK_HAIR])
      expect(greyShare(drawnHead({ skin: LIGHT_SKIN, top, hairline: 0.7, topProbability: 0.97 }))).toBe(0);
  });

  it('leaves a bald scalp alone: the skin’s own colour, and a shine on it too small beside the top of the head', () => {
    for (const skin of [LIGHT_SKIN, DARK_SKIN]) {
      expect(greyShare(drawnHead({ skin, top: skin, hairline: 0.2, topProbability: 0.02 }))).toBe(0);
      const shiny = greyShare(drawnHead({ skin, top: skin, hairline: 0.2, topProbability: 0.02, shine: 1.4 }));
      expect(shiny).toBeGreaterThan(0);
      expect(missedGreyHair(shiny, false)).toBe(false);
    }
  });

  it('needs less of the top to read grey when the first read found the forehead covered (else a refusal)', () => {
    const share = (GREY_HAIR.minShareCovered + GREY_HAIR.minShare) / 2;
    expect(missedGreyHair(share, true)).toBe(true);
    expect(missedGreyHair(share, false)).toBe(false);
    expect(missedGreyHair(0, true)).toBe(false);
  });

  it('does not take black hair the mask missed for grey: it is darker than the face', () => {
    expect(greyShare(drawnHead({ skin: LIGHT_SKIN, top: BLACK_HAIR, hairline: 0.7, topProbability: 0.05 }))).toBe(0);
  });
});

describe('greyShownDark: the copy the hair model reads again', () => {
  /** a 4 × 1 photo: white hair, a brighter white strand, the face's skin, black hair; the person mask over `person` */
  const rgb = new Uint8Array([200, 200, 196, 235, 235, 231, 222, 170, 140, 25, 22, 20]);
  const skin = { luma: 175, cb: 108, cr: 152, spread: 3 };
  const mask = (person: number[]) => ({ data: Float32Array.from(person), width: 4, height: 1 });

  it('shows the person’s white hair dark, brightness turned over (a brighter strand darker), colour taken out', () => {
    const out = greyShownDark({ width: 4, height: 1, rgb }, mask([1, 1, 1, 1]), skin).rgb;
    const dark = (l: number) => Math.round(GREY_HAIR.darkFloor + GREY_HAIR.darkGain * (255 - l));
    expect([...out.slice(0, 3)]).toEqual(Array(3).fill(dark(0.299 * 200 + 0.587 * 200 + 0.114 * 196)));
    expect(out[3]).toBeLessThan(out[0]!);
    expect(out[0]).toBeLessThan(80);
    // the skin and the black hair are as they were
    expect([...out.slice(6)]).toEqual([...rgb.slice(6)]);
  });

  it('changes nothing outside the person: a white wall behind a head stays white', () => {
    const out = greyShownDark({ width: 4, height: 1, rgb }, mask([0, 0, 1, 1]), skin).rgb;
    expect([...out]).toEqual([...rgb]);
  });
});
