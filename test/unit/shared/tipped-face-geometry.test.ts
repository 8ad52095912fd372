import { describe, expect, it } from 'vitest';
import { detectionWindow, meshPose, windowToImage } from '#shared/tipped-face-geometry.ts';

describe('the tipped-face search windows', () => {
  it('an upright window padded below covers the photo with the chin room under it', () => {
    const w = detectionWindow(400, 300, 0, { top: 0.1, bottom: 0.6, side: 0.25 });
    const topLeft = windowToImage(w, 0, 0),
      bottomRight = windowToImage(w, w.side, w.side);
    expect(topLeft.x).toBeLessThan(0);
    expect(topLeft.y).toBeLessThanOrEqual(-0.1 * 400 + 1e-6);
    expect(bottomRight.y).toBeGreaterThanOrEqual(300 + 0.6 * 400 - 1e-6);
    expect(bottomRight.x).toBeGreaterThan(400);
  });

  it('a quarter-turned window maps its own "down" (where the chin goes) onto a side of the photo', () => {
    const w = detectionWindow(300, 400, Math.PI / 2, { top: 0.1, bottom: 0.6, side: 0.25 });
    const centre = windowToImage(w, w.side / 2, w.side / 2);
    const below = windowToImage(w, w.side / 2, w.side);
    // down the window is sideways on the photo
    expect(Math.abs(below.y - centre.y)).toBeLessThan(1e-6);
    expect(Math.abs(below.x - centre.x)).toBeGreaterThan(100);
  });
});

describe('pose from the mesh', () => {
  const face = (pitchDeg: number) => {
    // forehead top (10) and chin (152) on a vertical line tipped by the pitch about the x axis; cheeks (234, 454) level
    const p = (pitchDeg * Math.PI) / 180;
    const points = Array.from({ length: 468 }, () => ({ x: 96, y: 96, z: 0 }));
    points[10] = { x: 96, y: 96 - 60 * Math.cos(p), z: -60 * Math.sin(p) };
    points[152] = { x: 96, y: 96 + 60 * Math.cos(p), z: 60 * Math.sin(p) };
    points[234] = { x: 40, y: 96, z: 0 };
    points[454] = { x: 152, y: 96, z: 0 };
    return points;
  };

  it('reads the pitch of a face tipped down, and no yaw for a level face', () => {
    expect(meshPose(face(0)).pitch).toBeCloseTo(0, 6);
    expect(meshPose(face(40)).pitch).toBeCloseTo(40, 6);
    expect(Math.abs(meshPose(face(40)).yaw)).toBeLessThan(1e-6);
  });
});
