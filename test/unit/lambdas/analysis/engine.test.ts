import { describe, expect, it } from 'vitest';
import { viewOf } from '#lambdas/analysis/engine.ts';
import type { DetectedFace } from '#lambdas/analysis/types.ts';

const image = { width: 384, height: 384 };
const face = (pose: Partial<NonNullable<DetectedFace['pose']>>, unit = 60): DetectedFace => ({
  box: { x: 100, y: 100, width: 180, height: 200 },
  landmarks: { browLeft: { x: 150, y: 150 }, browRight: { x: 230, y: 150 }, noseBase: { x: 190, y: 150 + unit } },
  confidence: 0.99,
  pose: { yaw: 0, pitch: 0, roll: 0, ...pose },
});

describe('which view a face photo is measured as', () => {
  it('a face from the front is a front view, rolled heads included', () => {
    expect(viewOf(face({}), image)).toBe('front');
    expect(viewOf(face({ roll: 20, yaw: 20, pitch: -15 }), image)).toBe('front');
  });

  it('a head tipped down to show the hairline from above is the bowed view, not a refusal', () => {
    expect(viewOf(face({ pitch: 30 }), image)).toBe('bowed');
    expect(viewOf(face({ pitch: 60 }), image)).toBe('bowed');
    expect(viewOf(face({ pitch: 20 }), image)).toBe('front');
  });

  it('a face only the search for tipped faces found is bowed, whatever pitch its mesh reads', () => {
    expect(viewOf({ ...face({ pitch: 5 }), found: 'tipped' }, image)).toBe('bowed');
    expect(viewOf({ ...face({ pitch: 5 }), found: 'upright' }, image)).toBe('front');
  });

  it('refuses a head turned far to the side and a face too small to trace', () => {
    expect(() => viewOf(face({ yaw: 50 }), image)).toThrow(expect.objectContaining({ code: 'head_turned' }));
    expect(() => viewOf(face({}, 5), image)).toThrow(expect.objectContaining({ code: 'face_too_small' }));
  });
});
