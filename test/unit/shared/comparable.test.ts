/**
 * The retake tolerances (shared/comparable.ts, figures from npm run fit:tolerances): which conditions may move how far,
 * the words for what differed, the guided retake's instruction, and the API's progress refused between photos out of
 * tolerance (lambdas/domain/progress.ts progressBetween).
 */
import { describe, expect, it } from 'vitest';
import {
  RETAKE_TOLERANCES as T,
  conditionDifferences,
  differencePhrase,
  incomparableSentence,
  matchInstruction,
  readingsOf,
  withinTolerance,
} from '#shared/comparable.ts';
import type { CaptureConditions } from '#shared/schemas.ts';
import { progressBetween } from '#lambdas/domain/progress.ts';

const front: CaptureConditions = {
  view: 'front',
  pitch: 2,
  yaw: -3,
  roll: 1,
  size: 0.05,
  brightness: 120,
  width: 768,
  height: 1024,
  outline: { face: { cx: 0.5, cy: 0.45, rx: 0.2, ry: 0.3 } },
};
const moved = (patch: Partial<CaptureConditions>): CaptureConditions => ({ ...front, ...patch });

describe('retake tolerances', () => {
  it('are measured figures: a tolerance for every condition, none of them zero or unbounded', () => {
    for (const value of Object.values(T)) expect(Number.isFinite(value)).toBe(true);
    expect(T.rollDegrees).toBeGreaterThan(0);
    expect(T.poseDegrees).toBeGreaterThan(0);
    for (const ratio of [T.sizeRatio, T.brightnessRatio, T.resolutionRatio]) expect(ratio).toBeGreaterThan(1);
  });

  it('keep a condition just inside its tolerance and refuse it just outside, in both directions', () => {
    // ratios are tested a hair inside: 100 / r read back as a ratio can round to just above r (1.549 does)
    const inside = 0.9999;
    expect(withinTolerance('roll', 1 + T.rollDegrees, 1)).toBe(true);
    expect(withinTolerance('roll', 1 - T.rollDegrees - 0.1, 1)).toBe(false);
    expect(withinTolerance('yaw', T.poseDegrees, 0)).toBe(true);
    expect(withinTolerance('pitch', -T.poseDegrees - 0.1, 0)).toBe(false);
    expect(withinTolerance('size', 0.05 * T.sizeRatio * inside, 0.05)).toBe(true);
    expect(withinTolerance('size', 0.05, 0.05 * T.sizeRatio * 1.01)).toBe(false);
    expect(withinTolerance('brightness', 100 / (T.brightnessRatio * inside), 100)).toBe(true);
    expect(withinTolerance('brightness', 100 * T.brightnessRatio * 1.01, 100)).toBe(false);
    expect(withinTolerance('resolution', 1024, 1024 / (T.resolutionRatio * 1.01))).toBe(false);
  });

  it('lists every condition out of tolerance with its values now and before; none for the same photo', () => {
    expect(conditionDifferences(readingsOf(front), readingsOf(front))).toEqual([]);
    const further = moved({ size: 0.05 / (T.sizeRatio * 1.2), brightness: 120 / (T.brightnessRatio * 1.2) });
    const diffs = conditionDifferences(readingsOf(further), readingsOf(front));
    expect(diffs.map((d) => d.condition)).toEqual(['size', 'brightness']);
    expect(diffs[0]!.before).toBe(0.05);
    expect(incomparableSentence(diffs)).toBe(
      'Not comparable with last time: you were further from the camera and the light was dimmer. ' +
        'Retake like last time to see your progress.',
    );
  });

  it('skips what one side cannot tell (a crown photo has no pose, a live frame no photo size)', () => {
    const crown = { ...readingsOf(moved({ view: 'top', pitch: null, yaw: null, roll: null })), longSide: undefined };
    expect(conditionDifferences(crown, readingsOf(moved({ yaw: 40 })))).toEqual([]);
  });

  it('words each difference and each retake instruction by its direction', () => {
    expect(differencePhrase({ condition: 'size', now: 0.06, before: 0.05 })).toBe('you were closer to the camera');
    expect(differencePhrase({ condition: 'brightness', now: 150, before: 100 })).toBe('the light was brighter');
    expect(matchInstruction({ condition: 'size', now: 0.03, before: 0.05 })).toBe('Move closer to match last time');
    expect(matchInstruction({ condition: 'size', now: 0.07, before: 0.05 })).toBe(
      'Move back a little to match last time',
    );
    expect(matchInstruction({ condition: 'brightness', now: 60, before: 120 })).toBe('More light to match last time');
    expect(matchInstruction({ condition: 'pitch', now: 20, before: 0 })).toBe(
      'Lift your chin a little to match last time',
    );
    expect(matchInstruction({ condition: 'roll', now: 20, before: 0 })).toBe('Tilt your head to match last time');
    expect(matchInstruction({ condition: 'yaw', now: 20, before: 0 })).toBe('Turn your head to match last time');
  });
});

describe('progress between ratings taken differently', () => {
  const rating = (id: string, score: number, captureConditions?: CaptureConditions) => ({
    id,
    createdAt: `2026-11-0${id}T10:00:00.000Z`,
    score,
    norwoodStage: 2,
    measurements: { view: 'front' as const, frontalCoverage: 0.8, hairlineHeightRatio: 0.8 },
    ...(captureConditions ? { captureConditions } : {}),
  });

  it('gives the deltas and says comparable when every condition is within tolerance', () => {
    const p = progressBetween(rating('2', 70, moved({ roll: 1 + T.rollDegrees / 2 })), rating('1', 66, front));
    expect(p).toMatchObject({ scoreDelta: 4, comparable: true });
    expect(p.differences).toBeUndefined();
  });

  it('refuses the deltas and names the conditions when one is out of tolerance', () => {
    const p = progressBetween(rating('2', 70, moved({ yaw: -3 + T.poseDegrees + 5 })), rating('1', 66, front));
    expect(p.comparable).toBe(false);
    expect(p.scoreDelta).toBeUndefined();
    expect(p.metricDeltas).toBeUndefined();
    expect(p.differences).toEqual([{ condition: 'yaw', now: -3 + T.poseDegrees + 5, before: -3 }]);
  });

  it('compares ratings stored before capture conditions as before, without saying comparable', () => {
    const p = progressBetween(rating('2', 70, front), rating('1', 66));
    expect(p.scoreDelta).toBe(4);
    expect(p.comparable).toBeUndefined();
  });
});
