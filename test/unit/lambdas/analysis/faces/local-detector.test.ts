import { describe, expect, it } from 'vitest';
import { mapHumanFace, type HumanFace } from '#lambdas/analysis/faces/local-detector.ts';

describe('mapHumanFace', () => {
  const mesh = Array.from({ length: 468 }, (_, i): [number, number, number] => [i, 1000 + i, 0]);
  const face: HumanFace = {
    box: [10, 20, 200, 240],
    mesh,
    faceScore: 0.93,
    rotation: { angle: { yaw: 0.1, pitch: -0.2, roll: Math.PI / 18 } },
  };

  it('maps box, named mesh points and pose in degrees', () => {
    const f = mapHumanFace(face);
    expect(f.box).toEqual({ x: 10, y: 20, width: 200, height: 240 });
    expect(f.landmarks.noseBase).toEqual({ x: 2, y: 1002 });
    expect(f.landmarks.chin).toEqual({ x: 152, y: 1152 });
    expect(Object.keys(f.landmarks).sort()).toEqual([
      'browLeft',
      'browRight',
      'cheekLeft',
      'cheekRight',
      'chin',
      'noseBase',
    ]);
    expect(f.pose!.roll).toBeCloseTo(10);
    expect(f.confidence).toBe(0.93);
  });

  it('leaves landmarks and pose out when the models did not run', () => {
    const f = mapHumanFace({ box: [0, 0, 5, 5], boxScore: 0.7 });
    expect(f.landmarks).toEqual({});
    expect(f.pose).toBeUndefined();
    expect(f.confidence).toBe(0.7);
  });
});
