import { describe, expect, it } from 'vitest';
import { uprightQuarterTurns } from '#lambdas/analysis/orientation.ts';
import type { DetectedFace, DetectorInput, FaceDetector } from '#lambdas/analysis/types.ts';

const face = (pose: Partial<NonNullable<DetectedFace['pose']>>): DetectedFace => ({
  box: { x: 10, y: 10, width: 20, height: 30 },
  landmarks: {},
  confidence: 0.99,
  pose: { yaw: 0, pitch: 0, roll: 0, ...pose },
});

/** a wide image whose first pixel tells which quarter turn it went through (read from its shape and corner) */
const WIDE: DetectorInput = { width: 4, height: 2, rgb: Uint8Array.from({ length: 24 }, (_, i) => (i < 3 ? 255 : 0)) };

/** a detector that answers `onTurned` for any image turned from WIDE, and records what it was shown */
function detector(onTurned: DetectedFace[]): FaceDetector & { seen: DetectorInput[] } {
  const seen: DetectorInput[] = [];
  return {
    seen,
    detect: async (image) => {
      seen.push(image);
      return onTurned;
    },
  };
}

/** where the first pixel of WIDE went: 0 top-left (as is), 1 top-right (a quarter clockwise), 2 bottom-right, 3 bottom-left */
function turnOf(image: DetectorInput): number {
  const lit = (x: number, y: number) => image.rgb[(y * image.width + x) * 3] === 255;
  if (lit(0, 0)) return 0;
  if (lit(image.width - 1, 0)) return 1;
  if (lit(image.width - 1, image.height - 1)) return 2;
  return 3;
}

describe('a face photo whose pixels lie on their side is turned upright', () => {
  it('leaves an upright or slightly tilted face alone without another search', async () => {
    for (const roll of [0, 25, -30]) {
      const d = detector([face({})]);
      expect(await uprightQuarterTurns(face({ roll }), WIDE, d)).toBe(0);
      expect(d.seen).toHaveLength(0);
    }
  });

  it('turns a face lying a quarter clockwise back anticlockwise, and the other way, once a front face is found there', async () => {
    const back = detector([face({ roll: 3 })]);
    expect(await uprightQuarterTurns(face({ roll: 85 }), WIDE, back)).toBe(3);
    expect(turnOf(back.seen[0]!)).toBe(3);
    expect([back.seen[0]!.width, back.seen[0]!.height]).toEqual([2, 4]);
    const other = detector([face({ roll: -2 })]);
    expect(await uprightQuarterTurns(face({ roll: -80 }), WIDE, other)).toBe(1);
    expect(turnOf(other.seen[0]!)).toBe(1);
    const pastHalf = detector([face({})]);
    expect(await uprightQuarterTurns(face({ roll: 260 }), WIDE, pastHalf)).toBe(1);
    expect(turnOf(pastHalf.seen[0]!)).toBe(1);
    const upsideDown = detector([face({})]);
    expect(await uprightQuarterTurns(face({ roll: 175 }), WIDE, upsideDown)).toBe(2);
    expect(turnOf(upsideDown.seen[0]!)).toBe(2);
  });

  it('keeps the photo as it is when the turned copy holds no face from the front', async () => {
    expect(await uprightQuarterTurns(face({ roll: 85 }), WIDE, detector([]))).toBe(0);
    // a head bowed towards the camera stays a view from above, and a face still lying over is no answer
    expect(await uprightQuarterTurns(face({ roll: 85 }), WIDE, detector([face({ pitch: 40 })]))).toBe(0);
    expect(await uprightQuarterTurns(face({ roll: 85 }), WIDE, detector([face({ roll: 50 })]))).toBe(0);
    // several people on the turned copy: refused on the photo as it is measured, not by this check
    const two = [face({}), face({})];
    expect(await uprightQuarterTurns(face({ roll: 85 }), WIDE, detector(two))).toBe(0);
  });
});
