import { describe, expect, it } from 'vitest';
import { uprightQuarterTurns } from '#lambdas/analysis/orientation.ts';
import type { DetectedFace, DetectorInput, FaceDetector } from '#lambdas/analysis/types.ts';

const face = (pose: Partial<NonNullable<DetectedFace['pose']>>, confidence = 1, boxConfidence = 0.9): DetectedFace => ({
  box: { x: 10, y: 10, width: 20, height: 30 },
  landmarks: {},
  confidence,
  boxConfidence,
  pose: { yaw: 0, pitch: 0, roll: 0, ...pose },
});

/** a wide image whose first pixel is lit: where it went tells which quarter turn an image went through */
const WIDE: DetectorInput = { width: 4, height: 2, rgb: Uint8Array.from({ length: 24 }, (_, i) => (i < 3 ? 255 : 0)) };

/** 0 as is, 1 a quarter clockwise (the lit pixel top right), 2 half a turn (bottom right), 3 three quarters */
function turnOf(image: DetectorInput): number {
  const lit = (x: number, y: number) => image.rgb[(y * image.width + x) * 3] === 255;
  if (lit(0, 0)) return 0;
  if (lit(image.width - 1, 0)) return 1;
  if (lit(image.width - 1, image.height - 1)) return 2;
  return 3;
}

/** a detector that answers, for each quarter turn of WIDE, the faces given for it, and records the turns it was shown */
function detector(byTurn: Partial<Record<number, DetectedFace[]>>): FaceDetector & { turns: number[] } {
  const turns: number[] = [];
  return {
    turns,
    detect: async (image) => {
      turns.push(turnOf(image));
      return byTurn[turnOf(image)] ?? [];
    },
  };
}

describe('a face photo whose pixels lie on their side is turned upright', () => {
  it('leaves an upright or slightly tilted face alone without another search', async () => {
    for (const roll of [0, 25, -30]) {
      const d = detector({ 1: [face({})], 3: [face({})] });
      expect(await uprightQuarterTurns(face({ roll }), WIDE, d)).toBe(0);
      expect(d.turns).toHaveLength(0);
    }
  });

  it('turns a face lying a quarter clockwise back by three quarters, and one lying the other way by one', async () => {
    for (const [roll, quarters] of [
      [85, 3],
      [-80, 1],
      [260, 1], // the tipped search's roll past half a turn: lying 100° anticlockwise
    ] as const) {
      const d = detector({ [quarters]: [face({ roll: 3 })], [4 - quarters]: [face({ roll: -4 }, 0.8, 0.7)] });
      expect(await uprightQuarterTurns(face({ roll }), WIDE, d)).toBe(quarters);
      expect(d.turns).toEqual([quarters, 4 - quarters]);
    }
    // a face read half a turn over is tried upside down only
    const upsideDown = detector({ 2: [face({})] });
    expect(await uprightQuarterTurns(face({ roll: 175 }), WIDE, upsideDown)).toBe(2);
    expect(upsideDown.turns).toEqual([2]);
  });

  it('takes the copy turned the other way only when the detector is clearly surer of it (the roll read half a turn off)', async () => {
    // an upside-down portrait can read a little surer than the upright one (0.02 on two dev portraits): the roll decides
    const close = detector({ 3: [face({ roll: 2 }, 1, 0.87)], 1: [face({ roll: -13 }, 1, 0.89)] });
    expect(await uprightQuarterTurns(face({ roll: 85 }), WIDE, close)).toBe(3);
    // the roll pointing to a misread "face from the front" the detector is much less sure of than the face turned the
    // other way: that face is taken, and as it is a head bowed towards the camera, nothing is turned
    const bowed = detector({
      3: [face({ pitch: 1, roll: 8 }, 0.84, 0.91)],
      1: [face({ pitch: 27, roll: -2 }, 1, 0.93)],
    });
    expect(await uprightQuarterTurns(face({ roll: 72 }), WIDE, bowed)).toBe(0);
    // no face at all where the roll points
    const onlyOther = detector({ 1: [face({ roll: 4 })] });
    expect(await uprightQuarterTurns(face({ roll: 85 }), WIDE, onlyOther)).toBe(1);
  });

  it('keeps the photo as it is when the surest copy holds no face from the front', async () => {
    expect(await uprightQuarterTurns(face({ roll: 85 }), WIDE, detector({}))).toBe(0);
    // a head bowed towards the camera stays a view from above
    expect(await uprightQuarterTurns(face({ roll: 85 }), WIDE, detector({ 3: [face({ pitch: 40 })] }))).toBe(0);
    // a face still lying over is no answer
    expect(await uprightQuarterTurns(face({ roll: 85 }), WIDE, detector({ 3: [face({ roll: 50 })] }))).toBe(0);
    // several people on the turned copy: refused on the photo as it is measured, not by this check
    const two = [face({}), face({})];
    expect(await uprightQuarterTurns(face({ roll: 85 }), WIDE, detector({ 3: two }))).toBe(0);
  });
});
