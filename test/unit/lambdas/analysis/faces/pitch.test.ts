import { describe, expect, it } from 'vitest';
import { faceAxes, toImage } from '#lambdas/analysis/faces/face-grid.ts';
import { FOREHEAD_SLOPE, pitchScales } from '#lambdas/analysis/faces/pitch.ts';

const cosd = (d: number) => Math.cos((d * Math.PI) / 180);
/** a face whose brow line sits at y = 200 and whose measured middle third is 40 px, cheeks 120 px apart */
const landmarks = {
  browLeft: { x: 160, y: 200 },
  browRight: { x: 240, y: 200 },
  noseBase: { x: 200, y: 240 },
  cheekLeft: { x: 140, y: 230 },
  cheekRight: { x: 260, y: 230 },
};

describe('pitch correction of the bowed view', () => {
  it('changes nothing for a face seen from the front', () => {
    expect(pitchScales(0)).toEqual({ across: 1, below: 1, above: 1 });
  });

  it('undoes the foreshortened middle third and the lengthened forehead of a head tipped down', () => {
    const s = pitchScales(45);
    expect(s.across).toBeCloseTo(1 / cosd(45), 6);
    expect(s.below).toBe(1);
    expect(s.above).toBeCloseTo(cosd(FOREHEAD_SLOPE - 45) / (cosd(FOREHEAD_SLOPE) * cosd(45)), 6);
    // the further down the head, the more of the photo one corrected face unit of forehead spans
    expect(pitchScales(30).above).toBeLessThan(s.above);
    expect(pitchScales(60).above).toBeGreaterThan(s.above);
  });

  it('trusts no pitch beyond its limit and none upward', () => {
    expect(pitchScales(89)).toEqual(pitchScales(70));
    expect(pitchScales(-20)).toEqual(pitchScales(0));
  });

  it('reads a forehead the photo shows 1.6 measured thirds tall at 45° as about 1.1 face units', () => {
    const axes = faceAxes(landmarks, pitchScales(45))!;
    const hairlineOnPhoto = { x: 200, y: 200 - 1.6 * 40 };
    // walk up the midline in face units until the grid reaches the hairline's pixel row
    let y = 0;
    while (toImage(axes, 0, y).y > hairlineOnPhoto.y) y += 0.001;
    expect(y).toBeCloseTo(1.6 / pitchScales(45).above, 2);
    expect(y).toBeGreaterThan(1.0);
    expect(y).toBeLessThan(1.2);
    // across the face a unit is the unforeshortened middle third, so the face's half width shrinks in face units
    expect(axes.halfWidth).toBeCloseTo(60 / (40 / cosd(45)), 6);
  });
});
