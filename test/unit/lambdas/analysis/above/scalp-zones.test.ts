import { describe, expect, it } from 'vitest';
import { zonesOnTheScalp } from '#lambdas/analysis/above/scalp-zones.ts';
import { CENTRE_RADIUS, HEAD_RADIUS } from '#lambdas/analysis/above/features.ts';
import { FOREHEAD_SPANS } from '#lambdas/analysis/analysis-config.ts';
import type { PersonMask, ProbabilityMap } from '#lambdas/analysis/types.ts';
import type { Photo } from '#lambdas/analysis/photo/photo.ts';

/** a bald head seen from above, as a bowed selfie shows it: the scalp lit above, the face turned away below, eyes dark */
function bowedBaldHead(side: number, tone: number): Photo {
  const rgb = new Uint8Array(side * side * 3);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const fx = x / side,
        fy = y / side;
      const eye = fy > 0.72 && fy < 0.78 && Math.abs(Math.abs(fx - 0.5) - 0.12) < 0.06;
      // the light falls off from the top of the scalp towards the face
      const light = 1.2 - 0.5 * fy;
      const skin = eye ? [30, 25, 25] : [170, 135, 115].map((c) => c * light);
      rgb.set(
        skin.map((c) => Math.round(c * tone)),
        (y * side + x) * 3,
      );
    }
  return { rgb, width: side, height: side };
}

describe('the top view moves its zones onto the scalp, off a face or forehead the head also holds', () => {
  const head = { cx: 0.5, cy: 0.5, rx: 0.4, ry: 0.4 };
  const person: PersonMask = { data: new Float32Array(64 * 64).fill(1), width: 64, height: 64 };
  /** a hair map of the whole photo: hair where `isHair(fx, fy)` */
  const hairWhere = (isHair: (fx: number, fy: number) => boolean): ProbabilityMap => {
    const side = 128;
    const data = new Float32Array(side * side);
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) data[y * side + x] = isHair((x + 0.5) / side, (y + 0.5) / side) ? 0.9 : 0.05;
    return { data, width: side, height: side };
  };
  /** an evenly lit photo: on a head with hair, brightness plays no part */
  const even: Photo = { rgb: new Uint8Array(64 * 64 * 3).fill(150), width: 64, height: 64 };
  const notHair = () => false;

  it('a bowed selfie: hair above, the face below; the zones move up onto the hair, as far as the disc stays on the head', async () => {
    const hairAbove = hairWhere((_, fy) => fy < 0.45);
    const moved = await zonesOnTheScalp(even, head, person, hairAbove);
    expect(moved.head.cx).toBeCloseTo(0.5, 5);
    // further than the gap between the disc and the head zone: onto the hair's centre
    expect(moved.head.cy).toBeLessThan(0.5 - (HEAD_RADIUS - CENTRE_RADIUS) * head.ry - 0.02);
    expect({ rx: moved.head.rx, ry: moved.head.ry }).toEqual({ rx: head.rx, ry: head.ry });
    // a person mask that ends above the head (nothing above y 0.25) keeps the disc where going further would take
    // more than a tenth of it off the head: the full disc at the gap between the disc and the head zone, or a smaller
    // one (the hair begins above the face) no further, its top edge on the head
    const cutAbove: PersonMask = {
      data: Float32Array.from({ length: 64 * 64 }, (_, i) => (Math.floor(i / 64) >= 16 ? 1 : 0)),
      width: 64,
      height: 64,
    };
    const stopped = await zonesOnTheScalp(even, head, cutAbove, hairAbove);
    expect(stopped.head.cy).toBeLessThanOrEqual(0.5 - (HEAD_RADIUS - CENTRE_RADIUS) * head.ry + 1e-9);
    expect(stopped.head.cy - stopped.crownRadius * head.ry).toBeGreaterThan(0.25 - 0.05);
  });

  it('a head that runs off the top of the photo leans on past its edge: the crown cut off by the frame is still head', async () => {
    const high = { cx: 0.5, cy: 0.35, rx: 0.4, ry: 0.4 };
    const moved = await zonesOnTheScalp(
      even,
      high,
      person,
      hairWhere((_, fy) => fy < 0.2),
    );
    // the hair's centre lies 0.25 photo heights above the head's: the disc goes most of the way, a third of it over
    // the edge (counted only inside the photo, as before, it stopped at 0.17)
    expect(moved.head.cy).toBeLessThan(0.14);
    expect(moved.head.cx).toBeCloseTo(0.5, 5);
  });

  it('a photo turned by a quarter leans the same way the hair lies', async () => {
    const moved = await zonesOnTheScalp(
      even,
      head,
      person,
      hairWhere((fx) => fx > 0.6),
    );
    expect(moved.head.cx).toBeGreaterThan(0.5 + 0.1 * head.rx);
    expect(moved.head.cy).toBeCloseTo(0.5, 5);
  });

  it('a head seen from the side, its hair a band along one side narrower than the crown disc: a smaller disc on the hair, off the forehead', async () => {
    // the hair from x 0.56 to the head's edge at 0.9 (0.15 to 1 head radii from its centre), the forehead to its left;
    // the full disc at the hair's centre (x 0.68) reached 0.12 photo widths over that, down to x 0.44
    const band = (fx: number) => fx > 0.56;
    // a beard or sideburn on the face's side, beyond the bare forehead, does not move where the hair begins
    const beard = (fx: number, fy: number) => band(fx) || (fx < 0.16 && Math.abs(fy - 0.5) < 0.06);
    for (const [name, isHair] of [
      ['band', band],
      ['band and beard', beard],
    ] as const) {
      const moved = await zonesOnTheScalp(even, head, person, hairWhere(isHair));
      expect(moved.crownRadius, name).toBeLessThan(CENTRE_RADIUS);
      expect(moved.crownRadius, name).toBeGreaterThanOrEqual(0.3);
      // the disc's edge on the forehead's side stays within a tenth of a head radius of where the hair begins
      expect(moved.head.cx - moved.crownRadius * head.rx, name).toBeGreaterThanOrEqual(0.56 - 0.1 * head.rx - 0.02);
      expect(moved.head.cy, name).toBeCloseTo(0.5, 5);
    }
  });

  it('a crown ringed by hair, a full head and an evenly lit bald one keep the head centre', async () => {
    const ring = (fx: number, fy: number) => Math.hypot(fx - 0.5, fy - 0.5) > 0.2;
    for (const [name, isHair] of [
      ['ring', ring],
      ['full', () => true],
      ['bald', notHair],
    ] as const) {
      const moved = await zonesOnTheScalp(even, head, person, hairWhere(isHair));
      expect(Math.hypot(moved.head.cx - 0.5, moved.head.cy - 0.5), name).toBeLessThan(0.01);
      expect(moved.crownRadius, name).toBe(CENTRE_RADIUS);
    }
  });

  it('hair off the head (the backdrop) does not pull the zones', async () => {
    const leftHalf: PersonMask = {
      data: Float32Array.from({ length: 64 * 64 }, (_, i) => (i % 64 < 32 ? 1 : 0)),
      width: 64,
      height: 64,
    };
    const moved = await zonesOnTheScalp(
      even,
      head,
      leftHalf,
      hairWhere((fx) => fx > 0.5),
    );
    expect(moved).toEqual({ head, crownRadius: CENTRE_RADIUS });
  });

  it('a bald bowed head leans towards its lit scalp, off the face, on light and dark skin alike', async () => {
    for (const tone of [1, 0.4]) {
      const moved = await zonesOnTheScalp(bowedBaldHead(160, tone), head, person, hairWhere(notHair));
      // past the gap between the disc and the head zone (where it stopped until v4.8), towards the lit part's centre
      // (the brightest 30 % of the head zone: its top, centred about 0.6 head radii up), not beyond it
      expect(0.5 - moved.head.cy, `tone ${tone}`).toBeGreaterThan((HEAD_RADIUS - CENTRE_RADIUS + 0.1) * head.ry);
      expect(0.5 - moved.head.cy, `tone ${tone}`).toBeLessThan(0.7 * head.ry);
      expect(moved.head.cx, `tone ${tone}`).toBeCloseTo(0.5, 2);
      // where the person mask ends above the head (nothing above y 0.2), no further than while 90 % of the disc is on it
      const cutAbove: PersonMask = {
        data: Float32Array.from({ length: 64 * 64 }, (_, i) => (Math.floor(i / 64) >= 13 ? 1 : 0)),
        width: 64,
        height: 64,
      };
      const stopped = await zonesOnTheScalp(bowedBaldHead(160, tone), head, cutAbove, hairWhere(notHair));
      expect(stopped.head.cy, `tone ${tone}`).toBeGreaterThan(moved.head.cy);
      // (a tenth of a disc's area is a cap a quarter of its radius deep)
      expect(stopped.head.cy - CENTRE_RADIUS * head.ry, `tone ${tone}`).toBeGreaterThan(
        13 / 64 - 0.3 * CENTRE_RADIUS * head.ry,
      );
    }
  });

  it("a bright shirt the person mask takes in with the head does not pull a bald head's zones: only skin-hued light counts", async () => {
    for (const tone of [1, 0.4]) {
      const photo = bowedBaldHead(160, tone);
      // a pale blue shirt over the lower 40 % of the frame, brighter than the lit scalp, inside the person mask
      for (let y = 96; y < 160; y++) for (let x = 0; x < 160; x++) photo.rgb.set([190, 215, 250], (y * 160 + x) * 3);
      const moved = await zonesOnTheScalp(photo, head, person, hairWhere(notHair));
      expect(moved.head.cy, `tone ${tone}`).toBeLessThan(0.5 - 0.2 * head.ry);
    }
  });

  it('on a head with hair the hair decides, not the light: dark hair below a lit face pulls the zones down', async () => {
    const moved = await zonesOnTheScalp(
      bowedBaldHead(160, 1),
      head,
      person,
      hairWhere((_, fy) => fy > 0.6),
    );
    expect(moved.head.cy).toBeGreaterThan(0.5 + 0.2 * head.ry);
  });

  it('a bald head bowed with the eyes in the frame: the crown disc stays above the forehead, whatever lights it', async () => {
    // the face lit as brightly as the scalp: the light gives no side, the eyes do (at y 0.75, 0.2 apart, up the photo)
    const frame = { width: 400, height: 400 };
    const line = {
      rightEye: { x: 160, y: 300 },
      leftEye: { x: 240, y: 300 },
      up: { x: 0, y: -1 },
      span: 80,
    };
    const before = await zonesOnTheScalp(even, head, person, hairWhere(notHair));
    expect(before.head.cy + before.crownRadius * head.ry).toBeGreaterThan(0.75 - 0.02);
    const after = await zonesOnTheScalp(even, head, person, hairWhere(notHair), { line, frame });
    // the disc's lower edge at or above FOREHEAD_SPANS eye spans above the eyes
    expect(after.head.cy + after.crownRadius * head.ry).toBeLessThanOrEqual(0.75 - FOREHEAD_SPANS * 0.2 + 1e-9);
    expect(after.head.cx).toBeCloseTo(0.5, 9);
    // eyes the hair mask calls hair (a misreading of a crown of hair) are not a face's
    const onHair = await zonesOnTheScalp(
      even,
      head,
      person,
      hairWhere((_, fy) => fy > 0.7),
      { line, frame },
    );
    expect(onHair).toEqual(
      await zonesOnTheScalp(
        even,
        head,
        person,
        hairWhere((_, fy) => fy > 0.7),
      ),
    );
    // one eye on hair is still a face's: the mask marks a brow or a glasses frame under it as hair
    const brow = hairWhere((fx, fy) => Math.hypot(fx - 0.4, fy - 0.75) < 0.03);
    expect(await zonesOnTheScalp(even, head, person, brow, { line, frame })).toEqual(after);
    // nor is hair between the eyes above a bare nose (a glasses bridge the mask marks as hair); with hair on the nose
    // below too, they are a crown of hair read as a face
    const bridge = hairWhere((fx, fy) => Math.abs(fx - 0.5) < 0.03 && Math.abs(fy - 0.75) < 0.03);
    expect(await zonesOnTheScalp(even, head, person, bridge, { line, frame })).toEqual(after);
    const hairDown = hairWhere((fx, fy) => Math.abs(fx - 0.5) < 0.03 && fy > 0.72);
    expect(await zonesOnTheScalp(even, head, person, hairDown, { line, frame })).toEqual(
      await zonesOnTheScalp(even, head, person, hairDown),
    );
    // nor are eyes beyond the head's centre, up towards where they point (an ear or the scalp read as a face)
    const high = { ...line, rightEye: { x: 160, y: 120 }, leftEye: { x: 240, y: 120 } };
    expect(await zonesOnTheScalp(even, head, person, hairWhere(notHair), { line: high, frame })).toEqual(before);
  });

  it('a photo turned a quarter with the face on the right: the disc moves left, off the forehead', async () => {
    const frame = { width: 400, height: 400 };
    const line = { rightEye: { x: 300, y: 240 }, leftEye: { x: 300, y: 160 }, up: { x: -1, y: 0 }, span: 80 };
    const after = await zonesOnTheScalp(even, head, person, hairWhere(notHair), { line, frame });
    expect(after.head.cx + after.crownRadius * head.rx).toBeLessThanOrEqual(0.75 - FOREHEAD_SPANS * 0.2 + 1e-9);
    expect(after.head.cy).toBeCloseTo(0.5, 9);
  });
});
