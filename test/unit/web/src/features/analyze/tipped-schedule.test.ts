/**
 * The tipped-face search in the camera: the windows it tries on a live frame are the server's upright ones, the
 * detector's raw answer decodes alike on both sides, and the guidance runs the search only where the server would
 * (no trusted face from the general detector, Hairline mode), at a reduced rate, holding its answer in between.
 */
import { describe, expect, it } from 'vitest';
import {
  ANCHORS,
  MIN_DETECTION,
  MIN_MESH_SCORE,
  TURNS,
  UPRIGHT_TURNS,
  WINDOWS,
  bestDetection,
  eyeLineOf,
  searchWindows,
  tippedConfidence,
} from '#shared/tipped-face-geometry.ts';
import { firstFailingRule, type FaceReading, type FrameReading } from '#web/features/analyze/capture-guidance.ts';
import { TIPPED_COST_GAP, TIPPED_SEARCH_EVERY_MS, tippedStep } from '#web/features/analyze/tipped-schedule.ts';

describe('the camera searches the server’s upright windows only', () => {
  it('one window per padding, all upright, the same as the server’s first three', () => {
    const camera = searchWindows(384, 288, UPRIGHT_TURNS);
    const server = searchWindows(384, 288, TURNS);
    expect(camera).toHaveLength(WINDOWS.length);
    expect(camera.every((w) => w.angle === 0)).toBe(true);
    expect(camera).toEqual(server.slice(0, WINDOWS.length));
    expect(server).toHaveLength(TURNS.length * WINDOWS.length);
  });

  it('the window padded below holds the chin room under a 4:3 frame', () => {
    const [below] = searchWindows(384, 288, UPRIGHT_TURNS);
    const bottom = below!.centre.y + (below!.scale * below!.side) / 2;
    expect(bottom).toBeGreaterThanOrEqual(288 + 0.6 * 384 - 1e-6);
  });
});

describe('the detector’s raw answer', () => {
  const raw = (anchor: number, logit: number) => {
    const out = new Float32Array(ANCHORS.length * 17).fill(-10);
    out.set([logit, 1, 2, 30, 40, -5, -3, 5, -3], anchor * 17);
    return out;
  };
  const logitOf = (p: number) => Math.log(p / (1 - p));

  it('decodes the best anchor into a box and the two eyes, in window pixels', () => {
    const anchor = 600; // in the stride-16 grid
    const found = bestDetection(raw(anchor, logitOf(0.9)))!;
    const a = ANCHORS[anchor]!;
    expect(found.score).toBeCloseTo(0.9, 6);
    expect(found.centre).toEqual({ x: a.x + 1, y: a.y + 2 });
    expect(found.size).toBe(40);
    expect(found.rightEye).toEqual({ x: a.x - 5, y: a.y - 3 });
    expect(found.leftEye).toEqual({ x: a.x + 5, y: a.y - 3 });
  });

  it('answers nothing under MIN_DETECTION', () => {
    expect(bestDetection(raw(3, logitOf(MIN_DETECTION - 0.01)))).toBeUndefined();
    expect(bestDetection(raw(3, logitOf(MIN_DETECTION + 0.01)))).toBeDefined();
  });

  it('a found face reports the mesh’s score, capped by the detector’s, never under the mesh floor', () => {
    expect(tippedConfidence(0.9, 0.7)).toBe(0.7);
    expect(tippedConfidence(0.65, 0.99)).toBe(0.65);
    expect(tippedConfidence(0.8, 0.3)).toBe(MIN_MESH_SCORE);
  });
});

describe('when the camera runs the search', () => {
  const tipped: FaceReading = {
    confidence: 0.77,
    area: 0.3,
    yaw: -3,
    pitch: 36,
    faceUnit: 0.06,
    foreheadSkin: 0.2,
    colourSpread: 20,
  };
  const unsure: FaceReading = { ...tipped, confidence: 0.4 };
  const sure: FaceReading = { ...tipped, confidence: 0.9, pitch: 5 };

  it('not in Crown mode, nor when the general detector found a face it trusts', () => {
    expect(tippedStep('crown', [], null, 0)).toEqual({ kind: 'skip' });
    expect(tippedStep('face', [sure], null, 0)).toEqual({ kind: 'skip' });
  });

  it('at once when the detector misses, then at most every TIPPED_SEARCH_EVERY_MS, holding the answer between', () => {
    expect(tippedStep('face', [], null, 1000)).toEqual({ kind: 'search' });
    expect(tippedStep('face', [unsure], null, 1000)).toEqual({ kind: 'search' });
    const last = { at: 1000, took: 30, faces: [tipped] };
    expect(tippedStep('face', [], last, 1000 + TIPPED_SEARCH_EVERY_MS - 1)).toEqual({ kind: 'reuse', faces: [tipped] });
    expect(tippedStep('face', [], last, 1000 + TIPPED_SEARCH_EVERY_MS)).toEqual({ kind: 'search' });
  });

  it('on a slow device, a search no more than a third of the time', () => {
    const last = { at: 1000, took: 1200, faces: [] };
    expect(tippedStep('face', [], last, 1000 + TIPPED_COST_GAP * 1200 - 1)).toEqual({ kind: 'reuse', faces: [] });
    expect(tippedStep('face', [], last, 1000 + TIPPED_COST_GAP * 1200)).toEqual({ kind: 'search' });
  });

  it('a frame whose only face is the tipped one passes in Hairline mode, its hair-covered forehead read from above', () => {
    const frame: FrameReading = {
      brightLuma: 180,
      clippedShare: 0.01,
      detail: 30,
      faces: [unsure, tipped],
      neighbourDiff: 3,
      skinShare: 0.3,
      lumaSd: 40,
    };
    expect(firstFailingRule(frame, 'face')).toBe('ready');
    expect(firstFailingRule({ ...frame, faces: [unsure] }, 'face')).toBe('face_hidden');
  });
});

describe('the eyes of a face the mesh cannot read', () => {
  const detection = (rightEye: { x: number; y: number }, leftEye: { x: number; y: number }) => ({
    score: 0.8,
    centre: { x: 64, y: 64 },
    size: 50,
    rightEye,
    leftEye,
  });
  const upright = { centre: { x: 200, y: 150 }, scale: 2, angle: 0, side: 128 };

  it('in an upright window: in image pixels, up the face towards the top of the head', () => {
    const line = eyeLineOf(upright, detection({ x: 54, y: 70 }, { x: 74, y: 70 }))!;
    expect(line.rightEye).toEqual({ x: 200 + 2 * (54 - 64), y: 150 + 2 * (70 - 64) });
    expect(line.span).toBeCloseTo(40, 9);
    expect(line.up.x).toBeCloseTo(0, 9);
    expect(line.up.y).toBeCloseTo(-1, 9);
  });

  it('in a window turned a quarter, up turns with it: a photo saved on its side', () => {
    const turned = { ...upright, angle: Math.PI / 2 };
    const line = eyeLineOf(turned, detection({ x: 54, y: 70 }, { x: 74, y: 70 }))!;
    // the window's up (−v) lies along the image's +x when the window is turned a quarter clockwise
    expect(line.up.x).toBeCloseTo(1, 9);
    expect(line.up.y).toBeCloseTo(0, 9);
  });

  it('none where the eyes do not lie as a face’s do in an upright window: tipped over, upside down, too close, too far apart', () => {
    expect(eyeLineOf(upright, detection({ x: 54, y: 60 }, { x: 74, y: 80 }))).toBeUndefined();
    expect(eyeLineOf(upright, detection({ x: 74, y: 70 }, { x: 54, y: 70 }))).toBeUndefined();
    expect(eyeLineOf(upright, detection({ x: 62, y: 70 }, { x: 66, y: 70 }))).toBeUndefined();
    expect(eyeLineOf(upright, detection({ x: 40, y: 70 }, { x: 88, y: 70 }))).toBeUndefined();
    // a slightly tilted pair is still a face's
    expect(eyeLineOf(upright, detection({ x: 54, y: 68 }, { x: 74, y: 74 }))).toBeDefined();
  });
});
