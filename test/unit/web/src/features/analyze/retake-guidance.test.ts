/**
 * The web side of the retake: last time's conditions of each kind of photo, the live guidance's "match last time"
 * instruction from a frame's readings, the retake link, and the history's marks against the latest of each kind.
 */
import { describe, expect, it } from 'vitest';
import { RETAKE_TOLERANCES as T } from '#shared/comparable.ts';
import type { AnalysisResult, CaptureConditions } from '#shared/schemas.ts';
import { CROWN_CAPTURE, FACE_CAPTURE } from '#test/support/ratings.ts';
import { lastCaptureOf } from '#web/features/analyze/last-capture.ts';
import { liveReadings, retakeInstruction, targetOf } from '#web/features/analyze/retake-guidance.ts';
import type { FaceReading } from '#web/features/analyze/capture-guidance.ts';
import { comparabilityWithLatest } from '#web/features/history/comparability.ts';
import { retakeHref } from '#web/lib/retake-link.ts';
import { retakeAsked } from '#web/features/analyze/pending-upload.ts';

const face = FACE_CAPTURE;
const crown = CROWN_CAPTURE;
const reading = (over: Partial<FaceReading> = {}): FaceReading => ({
  confidence: 0.9,
  area: 0.2,
  yaw: 0,
  pitch: 0,
  roll: 0,
  faceUnit: 0.06,
  foreheadSkin: 0.8,
  colourSpread: 20,
  ...over,
});
type Item = Pick<AnalysisResult, 'id' | 'createdAt' | 'measurements' | 'captureConditions' | 'crown'>;
const item = (id: string, c: CaptureConditions | undefined, over: Partial<Item> = {}): Item => ({
  id,
  createdAt: `2026-11-2${id}T10:00:00.000Z`,
  measurements: {
    view: c?.view ?? 'front',
    frontalCoverage: 0.8,
    topCoverage: 0.8,
    hairlineHeightRatio: null,
    templeRecession: null,
    faceFound: true,
    confidence: 0.7,
  },
  ...(c ? { captureConditions: c } : {}),
  ...over,
});

describe('last time, for the guided retake', () => {
  it('is the newest rating of the kind being taken; none when it stored no conditions', () => {
    const items = [item('3', crown), item('2', face), item('1', { ...face, size: 0.01 })];
    expect(lastCaptureOf(items, 'face')?.conditions).toBe(face);
    expect(lastCaptureOf(items, 'crown')?.conditions).toBe(crown);
    expect(lastCaptureOf([item('2', undefined), item('1', face)], 'face')).toBeNull();
  });

  it("a two-photo rating's crown photo is last time's crown", () => {
    const two = item('2', face, {
      crown: {
        measurements: item('x', crown).measurements,
        norwoodStage: 2,
        stageEstimate: 2,
        faceStageEstimate: 2,
        captureConditions: crown,
      },
    });
    expect(lastCaptureOf([two], 'crown')?.conditions).toBe(crown);
  });
});

describe('the live "match last time" instruction', () => {
  const target = targetOf(face);

  it('asks to come closer, tilt or add light until the frame is within the tolerances, then nothing', () => {
    expect(retakeInstruction(liveReadings([reading({ faceUnit: 0.04 })], 120), target)).toBe(
      'Move closer to match last time',
    );
    expect(retakeInstruction(liveReadings([reading({ roll: T.rollDegrees + 5 })], 120), target)).toBe(
      'Tilt your head to match last time',
    );
    expect(retakeInstruction(liveReadings([reading()], 120 / (T.brightnessRatio * 1.1)), target)).toBe(
      'More light to match last time',
    );
    expect(retakeInstruction(liveReadings([reading()], 121), target)).toBeUndefined();
  });

  it('reads the main face only (the largest confident one), and only the light without a face', () => {
    const faces = [reading({ area: 0.01, faceUnit: 0.01 }), reading(), reading({ confidence: 0.1, faceUnit: 0.2 })];
    expect(retakeInstruction(liveReadings(faces, 120), target)).toBeUndefined();
    expect(retakeInstruction(liveReadings([], 120), targetOf(crown))).toBeUndefined();
    expect(retakeInstruction(liveReadings([], 20), targetOf(crown))).toBe('More light to match last time');
  });
});

describe('the retake link', () => {
  it('opens the camera guided for that kind of photo; anything else is ignored', () => {
    expect(retakeHref('crown')).toBe('/?retake=crown#analyze');
    for (const kind of ['face', 'crown'] as const)
      expect(retakeAsked(new URL(retakeHref(kind), 'http://x').search)).toBe(kind);
    expect(retakeAsked('?retake=face')).toBe('face');
    expect(retakeAsked('?retake=top')).toBeUndefined();
    expect(retakeAsked('')).toBeUndefined();
  });
});

describe('history: comparable with the latest', () => {
  it('marks each rating against the newest of its kind, says why not, and leaves old ratings unmarked', () => {
    const further = { ...face, size: face.size! / (T.sizeRatio * 1.2) };
    const marks = comparabilityWithLatest([
      item('5', further),
      item('4', crown),
      item('3', face),
      item('2', { ...further, brightness: 119 }),
      item('1', undefined),
    ]);
    expect(marks.get('5')).toEqual({ kind: 'latest' });
    expect(marks.get('4')).toEqual({ kind: 'latest' });
    expect(marks.get('3')).toEqual({ kind: 'incomparable', reason: 'you were closer to the camera' });
    expect(marks.get('2')).toEqual({ kind: 'comparable' });
    expect(marks.get('1')).toEqual({ kind: 'unknown' });
  });
});
