import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DetectFacesCommand } from '@aws-sdk/client-rekognition';
import { createRekognitionAgeEstimator } from '#lambdas/analysis/index.ts';
import { mainFace, rejectMinor } from '#lambdas/analysis/faces/faces.ts';
import { largestFaceAge } from '#lambdas/analysis/faces/rekognition-age.ts';
import type { DetectedFace } from '#lambdas/analysis/types.ts';

const recorded = JSON.parse(
  readFileSync(new URL('../../../../fixtures/rekognition/detect-faces-all.json', import.meta.url), 'utf8'),
);
/** a small photo (the estimator encodes it as a JPEG) and the face found in it */
const photo = { rgb: new Uint8Array(48 * 32 * 3).fill(128), width: 48, height: 32 };
const subject = { photo, face: { box: { x: 8, y: 4, width: 20, height: 24 }, landmarks: {}, confidence: 0.9 } };

describe('Rekognition age estimator', () => {
  it('sends one DetectFaces with the photo as a JPEG and the age attribute, and is the paid kind', async () => {
    const sent: any[] = [];
    const estimator = createRekognitionAgeEstimator({
      send: async (cmd) => {
        sent.push(cmd);
        return recorded;
      },
    });
    await estimator.ageRange(subject);
    expect(estimator.paid).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeInstanceOf(DetectFacesCommand);
    const bytes: Uint8Array = sent[0].input.Image.Bytes;
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 48, height: 32 });
    expect(sent[0].input.Attributes).toEqual(['AGE_RANGE']);
  });

  it('reads the largest face of a recorded answer', async () => {
    expect(await createRekognitionAgeEstimator({ send: async () => recorded }).ageRange(subject)).toEqual({
      low: 26,
      high: 38,
    });
    const swapped = { FaceDetails: [...recorded.FaceDetails].reverse() };
    expect(largestFaceAge(swapped)).toEqual({ low: 26, high: 38 });
  });

  it('copes with an empty answer or a face without an age', () => {
    expect(largestFaceAge({})).toBeUndefined();
    expect(largestFaceAge({ FaceDetails: [{ BoundingBox: { Width: 0.5, Height: 0.5 } }] })).toBeUndefined();
  });
});

describe('mainFace and the 18+ rule', () => {
  const face = (w: number, conf: number): DetectedFace => ({
    box: { x: 0, y: 0, width: w, height: w },
    landmarks: {},
    confidence: conf,
  });

  it('keeps the largest face and ignores small or unsure background faces', () => {
    expect(mainFace([face(50, 0.9), face(300, 0.99), face(280, 0.3)])?.box.width).toBe(300);
  });

  it('refuses two confident faces of comparable size', () => {
    expect(() => mainFace([face(300, 0.99), face(250, 0.95)])).toThrow(
      expect.objectContaining({ code: 'multiple_faces' }),
    );
  });

  it('refuses only when the whole estimated age range is under 18', () => {
    expect(() => rejectMinor({ low: 9, high: 17 })).toThrow(expect.objectContaining({ code: 'minor' }));
    expect(() => rejectMinor({ low: 15, high: 25 })).not.toThrow();
    expect(() => rejectMinor(undefined)).not.toThrow();
  });
});
